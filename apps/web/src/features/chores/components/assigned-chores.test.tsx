import type { ActivityEntry, Assignment, ScheduleResult } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { activitySentence } from '../../groups/activity';
import { groupDetail } from '../../../../test/features/groups/fixtures';
import {
  ann,
  bob,
  choresServer,
  day,
  groupChore,
  page,
  today,
} from '../../../../test/features/chores/chores-page-fixtures';

// spec §2 "My assigned chores", the group's upcoming chores and generate-schedule modal, and the
// chore history (docs/chores.md).

const assignment = (id: number, overrides: Partial<Assignment> = {}): Assignment => ({
  id,
  chore_id: id,
  chore_name: `Chore ${id}`,
  chore_effort: 1,
  chore_frequency: 'weekly',
  group_id: 1,
  group_name: 'Flat 3B',
  user: ann,
  due_date: today,
  completed_on: null,
  completed_by: null,
  minutes_spent: 0,
  timer_running: false,
  created_at: '2025-03-12T10:00:00.000Z',
  version: 1,
  ...overrides,
});

const mine = () => [
  assignment(1, { chore_name: 'Bathroom', due_date: day(-1) }),
  assignment(2, { chore_name: 'Dishes', due_date: today, version: 3 }),
  assignment(3, { chore_name: 'Bins', due_date: day(6) }),
  assignment(4, { chore_name: 'Windows', due_date: day(7) }),
  assignment(5, { chore_name: 'Oven', due_date: day(-3), completed_on: day(-2) }),
];

const section = (name: string) => screen.getByRole('region', { name });

describe('My assigned chores (spec §2)', () => {
  it('sorts my turns into Overdue, Due Today, This Week and Later; Completed on demand', async () => {
    const server = choresServer([]);
    server.protectedRoute('GET', '/chores/assignments', () => jsonResponse({ items: mine() }));
    renderApp('/chores', server);
    const timeline = await screen.findByRole('region', { name: 'My assigned chores' });
    await within(timeline).findByText('Bathroom');
    const names = (title: string) =>
      within(section(title))
        .getAllByTestId('assignment-row')
        .map((row) => row.querySelector('p')?.textContent);
    expect(names('Overdue')).toEqual(['Bathroom']);
    expect(names('Due Today')).toEqual(['Dishes']);
    expect(names('This Week')).toEqual(['Bins']);
    expect(names('Later')).toEqual(['Windows']);
    expect(screen.queryByRole('region', { name: 'Completed' })).not.toBeInTheDocument();
    await userEvent.click(within(timeline).getByLabelText('Show Completed'));
    expect(names('Completed')).toEqual(['Oven']);
  });

  it('marks a turn complete with the version it showed', async () => {
    const server = choresServer([]);
    server.protectedRoute('GET', '/chores/assignments', () => jsonResponse({ items: mine() }));
    let sent: unknown = null;
    server.protectedRoute('PATCH', '/chores/assignments/2', async (request) => {
      sent = await request.json();
      return jsonResponse(assignment(2, { chore_name: 'Dishes', completed_on: today, version: 4 }));
    });
    renderApp('/chores', server);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Complete: Dishes' }));
    await waitFor(() => expect(sent).toEqual({ version: 3, completed: true }));
    expect(await screen.findByText('Chore marked as done')).toBeInTheDocument();
  });
});

describe('the group detail page’s chores (spec §2)', () => {
  function openGroup() {
    const server = choresServer([]);
    server.protectedRoute('GET', '/groups/1', () => jsonResponse(groupDetail('member')));
    server.protectedRoute('GET', '/groups/1/invites', () => jsonResponse(null));
    server.protectedRoute('GET', '/invites', () => jsonResponse([]));
    server.protectedRoute('GET', '/groups/1/activity', () =>
      jsonResponse({ items: [], next_cursor: null }),
    );
    server.protectedRoute('GET', '/groups/1/lists', () => jsonResponse([]));
    server.protectedRoute('GET', '/groups/1/expenses', () =>
      jsonResponse({ items: [], next_cursor: null, totals: [] }),
    );
    const chores = [7, 2, 5, 1, 3, 6, 4].map((offset) =>
      groupChore(offset, {
        name: `Chore in ${offset} days`,
        due_date: day(offset),
        frequency: 'weekly',
      }),
    );
    server.protectedRoute('GET', '/groups/1/chores', () => jsonResponse(page(chores)));
    return server;
  }

  it('shows the next five pending chores by due date', async () => {
    renderApp('/groups/1', openGroup());
    const rows = await screen.findAllByTestId('upcoming-chore');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Chore in 1 days',
      'Chore in 2 days',
      'Chore in 3 days',
      'Chore in 4 days',
      'Chore in 5 days',
    ]);
    expect(screen.getByRole('link', { name: 'Manage Chores' })).toHaveAttribute(
      'href',
      '/groups/1/chores',
    );
  });

  it('previews a schedule, then saves exactly those choices', async () => {
    const server = openGroup();
    const bodies: Record<string, unknown>[] = [];
    const plan = (saved: boolean): ScheduleResult => ({
      start_date: today,
      end_date: day(13),
      saved,
      assignments: [
        {
          chore_id: 1,
          chore_name: 'Chore in 1 days',
          due_date: day(1),
          effort: 1,
          user_id: 6,
          open: false,
        },
        {
          chore_id: 1,
          chore_name: 'Chore in 1 days',
          due_date: day(8),
          effort: 1,
          user_id: null,
          open: false,
        },
      ],
      loads: [{ user: bob, prior_effort: 4, planned_effort: 1, planned_count: 1 }],
    });
    server.protectedRoute('POST', '/groups/1/chores/generate-schedule', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return jsonResponse(plan(body.preview === false));
    });
    renderApp('/groups/1', server);
    await userEvent.click(await screen.findByRole('button', { name: 'Generate schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate schedule' });
    await userEvent.clear(within(dialog).getByLabelText('Weeks'));
    await userEvent.type(within(dialog).getByLabelText('Weeks'), '2');
    await userEvent.click(within(dialog).getByLabelText('Cleo Owner'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const rows = await within(dialog).findAllByTestId('planned-row');
    expect(rows[0]).toHaveTextContent('Bob Member');
    expect(rows[1]).toHaveTextContent('Nobody (everyone away)');
    expect(within(dialog).getByTestId('planned-load')).toHaveTextContent(
      'Bob Member: 1 turn, effort 1 (done before: 4)',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]).toMatchObject({ weeks: 2, member_ids: [5, 6], preview: true });
    expect(bodies[1]).toEqual({ ...bodies[0], preview: false });
    expect(await screen.findByText('Schedule saved: 1 turn assigned')).toBeInTheDocument();
  });
});

describe('chore history (docs/chores.md "History, time and activity")', () => {
  it('shows what each member has done and who did what', async () => {
    const server = choresServer();
    server.protectedRoute('GET', '/groups/1/chores/history', () =>
      jsonResponse({
        items: [
          {
            id: 9,
            chore_id: 1,
            chore_name: 'Clean bathroom',
            action: 'assignment_completed',
            actor: bob,
            subject: bob,
            details: {},
            created_at: '2026-11-20T10:00:00.000Z',
          },
        ],
        next_cursor: null,
        totals: [
          { user: bob, completed: 3, effort: 9, minutes: 45 },
          { user: ann, completed: 1, effort: 2, minutes: 0 },
        ],
      }),
    );
    renderApp('/groups/1/chores', server);
    const totals = await screen.findAllByTestId('member-total');
    expect(totals.map((row) => row.textContent)).toEqual(['Bob Member3945', 'Ann Example120']);
    expect(screen.getByTestId('history-entry')).toHaveTextContent(
      'Bob Member completed Bob Member’s turn of Clean bathroom',
    );
  });
});

describe('activity sentences of chore changes', () => {
  const entry = (verb: ActivityEntry['verb'], details: Record<string, unknown>): ActivityEntry => ({
    id: 1,
    verb,
    actor: ann,
    subject: bob,
    details,
    created_at: '2026-11-20T10:00:00.000Z',
  });

  it('names who did what to which chore', () => {
    const t = i18next.t.bind(i18next);
    expect(activitySentence(t, entry('chore_created', { chore_name: 'Bins' }), 'en')).toBe(
      'Ann Example created the chore Bins',
    );
    expect(activitySentence(t, entry('chore_assigned', { chore_name: 'Bins' }), 'en')).toBe(
      'Ann Example gave Bins to Bob Member',
    );
    expect(activitySentence(t, entry('chore_schedule_generated', { assignments: 12 }), 'en')).toBe(
      'Ann Example planned a chore schedule of 12 turns',
    );
    expect(
      activitySentence(t, entry('chore_time_logged', { chore_name: 'Oven', minutes: 1 }), 'en'),
    ).toBe('Ann Example recorded 1 minute on Oven');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { realtimeEmitter } from '../../../lib/realtime-events';
import { jsonResponse, problemResponse } from '../../../../test/fake-api';
import { renderApp, signInAs, testUser } from '../../../../test/render-app';
import { formatCalendarDate } from '../../../lib/format';
import {
  chore,
  choresServer,
  day,
  groupChore,
  household,
  page,
  today,
} from '../../../../test/features/chores/chores-page-fixtures';

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const cards = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));

describe('the chores page (spec §2 Chores page)', () => {
  it('counts the chores of each tab by due date in the user’s time zone', async () => {
    renderApp('/chores', choresServer());
    expect(await screen.findByRole('heading', { name: 'Chores' })).toBeVisible();
    await screen.findByRole('article', { name: 'Wash dishes' });
    const counts = ['overdue', 'today', 'upcoming', 'all_pending', 'completed'].map(
      (name) => screen.getByTestId(`count-${name}`).textContent,
    );
    expect(counts).toEqual(['1', '1', '2', '4', '1']);

    // All pending by due date: overdue first, a recurring chore done today is pending again.
    expect(tab(/All pending/)).toHaveAttribute('aria-selected', 'true');
    expect(cards()).toEqual(['Clean bathroom', 'Wash dishes', 'Take out bins', 'Water plants']);

    await userEvent.click(tab(/Overdue/));
    expect(cards()).toEqual(['Clean bathroom']);
    await userEvent.click(tab(/Completed/));
    expect(cards()).toEqual(['Fix shelf']);
    await userEvent.click(tab(/Today/));
    expect(cards()).toEqual(['Wash dishes']);
  });

  it('shows on a card what a person needs to know of the chore', async () => {
    renderApp('/chores', choresServer());
    const dishes = await screen.findByRole('article', { name: 'Wash dishes' });
    expect(within(dishes).getByText('Including the pans')).toBeVisible();
    expect(within(dishes).getByText('Daily')).toBeVisible();
    expect(within(dishes).getByText('Personal')).toBeVisible();
    expect(within(dishes).getByText('Assigned to Bob Member')).toBeVisible();
    expect(within(dishes).getByText(`Due ${formatCalendarDate(today, 'en')}`)).toBeVisible();

    const bathroom = screen.getByRole('article', { name: 'Clean bathroom' });
    expect(within(bathroom).getByText('Flat 3B')).toBeVisible();
    expect(within(bathroom).getByText('Weekly')).toBeVisible();
    expect(within(bathroom).getByText('Effort 5')).toBeVisible();
    expect(within(bathroom).getByText('Overdue')).toBeVisible();

    const plants = screen.getByRole('article', { name: 'Water plants' });
    expect(within(plants).getByText('Every 3 days')).toBeVisible();
    expect(
      within(plants).getByText(`Done on ${formatCalendarDate(today, 'en')} by Ann Example`),
    ).toBeVisible();
    // Done today and due again later: it can be done again, or the completion undone.
    expect(within(plants).getByRole('button', { name: 'Mark done' })).toBeVisible();
    expect(within(plants).getByRole('button', { name: 'Mark not done' })).toBeVisible();
  });

  it('marks a chore done and not done through their endpoints, with the version shown', async () => {
    const server = choresServer();
    server.protectedRoute('POST', '/chores/2/complete', () =>
      jsonResponse(chore(2, { name: 'Wash dishes', due_date: day(1), completed_on: today })),
    );
    server.protectedRoute('POST', '/chores/5/undo', () =>
      jsonResponse(chore(5, { name: 'Fix shelf', due_date: day(-5), version: 3 })),
    );
    renderApp('/chores', server);
    const dishes = await screen.findByRole('article', { name: 'Wash dishes' });
    await userEvent.click(within(dishes).getByRole('button', { name: 'Mark done' }));
    expect(await screen.findByText('Chore marked as done')).toBeVisible();
    expect(await server.callsTo('/chores/2/complete')[0]!.json()).toEqual({ version: 1 });

    await userEvent.click(tab(/Completed/));
    const shelf = screen.getByRole('article', { name: 'Fix shelf' });
    expect(
      within(shelf).getByText(`Done on ${formatCalendarDate(day(-1), 'en')} by Bob Member`),
    ).toBeVisible();
    await userEvent.click(within(shelf).getByRole('button', { name: 'Mark not done' }));
    expect(await screen.findByText('Chore marked as not done')).toBeVisible();
    expect(await server.callsTo('/chores/5/undo')[0]!.json()).toEqual({ version: 2 });
  });

  it('says Failed to update chore status when marking fails', async () => {
    const server = choresServer();
    server.protectedRoute('POST', '/chores/2/complete', () =>
      problemResponse(500, 'internal_error'),
    );
    renderApp('/chores', server);
    const dishes = await screen.findByRole('article', { name: 'Wash dishes' });
    await userEvent.click(within(dishes).getByRole('button', { name: 'Mark done' }));
    expect(await screen.findByText('Failed to update chore status')).toBeVisible();
  });

  it('says Failed to load chores / groups, and tries again', async () => {
    const server = choresServer();
    let answers = 0;
    server.protectedRoute('GET', '/chores', () => {
      answers += 1;
      // A 4xx is not retried on its own: the page says so at once.
      return answers === 1 ? problemResponse(403, 'forbidden') : jsonResponse(page(household()));
    });
    renderApp('/chores', server);
    expect(await screen.findAllByText('Failed to load chores / groups')).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Wash dishes' })).toBeVisible();
  });

  it('shows only my personal chores in the Personal scope (the personal chores page)', async () => {
    const server = choresServer();
    renderApp('/chores', server);
    await screen.findByRole('article', { name: 'Wash dishes' });
    server.protectedRoute('GET', '/chores', () =>
      jsonResponse(page([chore(9, { name: 'Stretch' })])),
    );
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Personal chores');
    expect(await screen.findByRole('heading', { name: 'Personal chores' })).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Stretch' })).toBeVisible();
    const url = new URL(server.callsTo('/chores').at(-1)!.url);
    expect(url.searchParams.get('personal')).toBe('true');
    expect(url.searchParams.get('limit')).toBe('1000');
  });

  it('shows one group’s chores under its name at /groups/{id}/chores', async () => {
    const server = choresServer();
    renderApp('/groups/1/chores', server);
    expect(await screen.findByRole('heading', { name: 'Chores of Flat 3B' })).toBeVisible();
    await screen.findByRole('article', { name: 'Clean bathroom' });
    expect(cards()).toEqual(['Clean bathroom', 'Take out bins']);
    expect(screen.queryByLabelText('Show')).toBeNull();
    // A new chore here is this group's.
    await userEvent.click(screen.getByRole('button', { name: 'New chore' }));
    const dialog = await screen.findByRole('dialog', { name: 'New chore' });
    expect(within(dialog).getByRole('radio', { name: 'Group' })).toBeChecked();
    expect(await within(dialog).findByLabelText(/^Group/, { selector: 'select' })).toHaveValue('1');
  });

  it('shows a housemate’s new chore without a reload', async () => {
    const server = choresServer([groupChore(1, { name: 'Clean bathroom' })]);
    renderApp('/chores', server);
    await screen.findByRole('article', { name: 'Clean bathroom' });
    server.protectedRoute('GET', '/chores', () =>
      jsonResponse(
        page([groupChore(1, { name: 'Clean bathroom' }), groupChore(8, { name: 'Mop' })]),
      ),
    );
    realtimeEmitter.emitEvent({
      id: 8,
      entity: 'chore',
      action: 'created',
      list_id: null,
      group_id: 1,
      user_id: null,
      version: 1,
      actor: 6,
    });
    expect(await screen.findByRole('article', { name: 'Mop' })).toBeVisible();
  });
});

describe('who has the next turn (docs/chores.md "Assignment strategies")', () => {
  it('says who is next and why, and takes a claimable turn', async () => {
    const ann = { id: 5, name: 'Ann Example', avatar_url: null, is_guest: false };
    const bob = { id: 6, name: 'Bob Member', avatar_url: null, is_guest: false };
    const rotation = groupChore(30, {
      name: 'Bins',
      assignment_strategy: 'fixed_rotation',
      next_assignee: bob,
      next_reason: { kind: 'next_in_order', after: ann, skipped: [] },
    });
    const claimable = groupChore(31, {
      name: 'Plants',
      assignment_strategy: 'claimable',
      next_reason: { kind: 'claimable', skipped: [] },
    });
    const server = choresServer([rotation, claimable]);
    server.protectedRoute('POST', '/chores/31/assignments', () =>
      jsonResponse(
        {
          id: 1,
          chore_id: 31,
          chore_name: 'Plants',
          chore_effort: 1,
          chore_frequency: 'one_time',
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
        },
        201,
      ),
    );
    renderApp('/chores', server);
    const bins = await screen.findByRole('article', { name: 'Bins' });
    expect(within(bins).getByTestId('chore-next')).toHaveTextContent(
      'Next: Bob Member — next in the order',
    );
    expect(within(bins).queryByRole('button', { name: 'Take it' })).toBeNull();
    const plants = screen.getByRole('article', { name: 'Plants' });
    expect(within(plants).getByTestId('chore-next')).toHaveTextContent(
      'Whoever takes it: nobody has this turn yet',
    );
    await userEvent.click(within(plants).getByRole('button', { name: 'Take it' }));
    await waitFor(() =>
      expect(
        server.callsTo('/chores/31/assignments').filter((r) => r.method === 'POST'),
      ).toHaveLength(1),
    );
    const post = server.callsTo('/chores/31/assignments')[0]!;
    expect(await post.json()).toEqual({ user_id: testUser().id, due_date: today });
    expect(screen.queryByText('The turn could not be taken. Please try again.')).toBeNull();
  });
});

describe('in another language', () => {
  it('names tabs, frequencies and dates in German', async () => {
    // The language saved in the profile is the one the app shows.
    const server = choresServer();
    signInAs(server, testUser({ locale: 'de' }));
    await i18next.changeLanguage('de');
    renderApp('/chores', server);
    const plants = await screen.findByRole('article', { name: 'Water plants' });
    expect(within(plants).getByText('Alle 3 Tage')).toBeVisible();
    expect(within(plants).getByRole('button', { name: 'Als erledigt markieren' })).toBeVisible();
    expect(within(plants).getByText(`Fällig am ${formatCalendarDate(day(3), 'de')}`)).toBeVisible();
    expect(screen.getByRole('tab', { name: /Überfällig/ })).toBeVisible();
  });
});

describe('the calendar view (spec §2)', () => {
  it('shows pending chores on their days and opens one for editing', async () => {
    renderApp('/chores', choresServer());
    await screen.findByRole('article', { name: 'Wash dishes' });
    await userEvent.click(screen.getByRole('radio', { name: 'Calendar' }));
    const calendar = await screen.findByRole('region', { name: 'Chores calendar' });
    const dishes = await within(calendar).findAllByText('Wash dishes');
    // Daily from today on: every remaining day shown carries it.
    expect(dishes.length).toBeGreaterThan(1);
    expect(within(calendar).getByText('Done: Water plants')).toBeInTheDocument();
    await userEvent.click(dishes[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit chore' });
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Wash dishes');
    await waitFor(() => expect(screen.queryByRole('tablist')).toBeNull());
  });
});

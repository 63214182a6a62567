import type { MemberAwayPeriod } from '@household/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { groupDetail } from '../../../../test/features/groups/fixtures';
import { ann, bob, choresServer, day } from '../../../../test/features/chores/chores-page-fixtures';

// docs/chores.md "Away periods": the group's chores page lists who is away, and a member marks
// themselves away or removes their own; an admin does it for anyone.

const period = (id: number, overrides: Partial<MemberAwayPeriod> = {}): MemberAwayPeriod => ({
  id,
  group_id: 1,
  user: bob,
  starts_on: day(1),
  ends_on: day(3),
  created_by: bob.id,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function awayServer(role: 'member' | 'admin', periods: MemberAwayPeriod[]) {
  const server = choresServer([]);
  server.protectedRoute('GET', '/groups/1', () => jsonResponse(groupDetail(role)));
  server.protectedRoute('GET', '/groups/1/away-periods', () => jsonResponse(periods));
  return server;
}

describe("the Away section of a group's chores page", () => {
  it('lists who is away; a member removes only their own and adds their own by keyboard', async () => {
    const periods = [period(1), period(2, { user: ann, created_by: ann.id })];
    const server = awayServer('member', periods);
    const sent: unknown[] = [];
    server.protectedRoute('POST', '/groups/1/away-periods', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const added = period(3, {
        user: ann,
        created_by: ann.id,
        starts_on: day(5),
        ends_on: day(6),
      });
      periods.push(added);
      return jsonResponse(added, 201);
    });
    const removed: string[] = [];
    server.protectedRoute('DELETE', '/groups/1/away-periods/2', () => {
      removed.push('2');
      periods.splice(1, 1);
      return new Response(null, { status: 204 });
    });
    renderApp('/groups/1/chores', server);
    const away = await screen.findByRole('region', { name: 'Away' });
    const rows = await within(away).findAllByTestId('away-period');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Bob Member');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(away).queryByLabelText('Who')).not.toBeInTheDocument();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: /Remove Ann Example/ }));
    await waitFor(() => expect(removed).toEqual(['2']));

    await userEvent.type(within(away).getByLabelText('First day away'), day(5));
    await userEvent.type(within(away).getByLabelText('Last day away'), day(6));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ user_id: ann.id, starts_on: day(5), ends_on: day(6) });
  });

  it('lets an admin mark someone else away, and says when the end is before the start', async () => {
    const server = awayServer('admin', []);
    const sent: unknown[] = [];
    server.protectedRoute('POST', '/groups/1/away-periods', async (request) => {
      sent.push(await request.json());
      return jsonResponse(period(4), 201);
    });
    renderApp('/groups/1/chores', server);
    const away = await screen.findByRole('region', { name: 'Away' });
    expect(await within(away).findByText('Nobody is away.')).toBeInTheDocument();
    await userEvent.selectOptions(within(away).getByLabelText('Who'), String(bob.id));
    await userEvent.type(within(away).getByLabelText('First day away'), day(4));
    await userEvent.type(within(away).getByLabelText('Last day away'), day(2));
    expect(within(away).getByText('The end is before the start')).toBeInTheDocument();
    await userEvent.click(within(away).getByRole('button', { name: 'Add time away' }));
    expect(sent).toEqual([]);
    await userEvent.clear(within(away).getByLabelText('Last day away'));
    await userEvent.type(within(away).getByLabelText('Last day away'), day(4));
    await userEvent.click(within(away).getByRole('button', { name: 'Add time away' }));
    await waitFor(() =>
      expect(sent).toEqual([{ user_id: bob.id, starts_on: day(4), ends_on: day(4) }]),
    );
  });
});

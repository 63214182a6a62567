import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import {
  chore,
  choresServer,
  day,
  household,
  today,
} from '../../../../test/features/chores/chores-page-fixtures';

// docs/chores.md "When the next one is due": the form's fields, skip, snooze and the window.

/** Opens a chore card's menu of what else can happen to its turn. */
async function openTurnMenu(name: string) {
  const card = await screen.findByRole('article', { name });
  await userEvent.click(within(card).getByRole('button', { name: `More for ${name}` }));
  return screen.findByRole('menu');
}

describe('when the next one is due', () => {
  it('a recurring chore asks what its next due date counts from, its window and who follows a skip', async () => {
    const server = choresServer();
    server.protectedRoute('POST', '/chores', () => jsonResponse(chore(20), 201));
    renderApp('/chores', server);
    await screen.findByRole('article', { name: 'Wash dishes' });
    await userEvent.click(screen.getByRole('button', { name: 'New chore' }));
    const dialog = await screen.findByRole('dialog', { name: 'New chore' });
    expect(within(dialog).queryByLabelText('Next due counted from')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Water plants');
    await userEvent.selectOptions(within(dialog).getByLabelText('Frequency'), 'weekly');
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Next due counted from'),
      'the day it was done',
    );
    await userEvent.type(within(dialog).getByLabelText(/Can be done from n days before/), '2');
    await userEvent.selectOptions(within(dialog).getByLabelText('After a skip'), 'same person');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create chore' }));

    await waitFor(() =>
      expect(server.callsTo('/chores').filter((r) => r.method === 'POST')).toHaveLength(1),
    );
    const post = server.callsTo('/chores').find((r) => r.method === 'POST')!;
    expect(await post.json()).toMatchObject({
      frequency: 'weekly',
      due_rule: 'completion',
      completion_window_days: 2,
      skip_policy: 'same_person',
    });
  });

  it('skipping asks for a reason and sends it with the version shown', async () => {
    const server = choresServer();
    server.protectedRoute('POST', '/chores/2/skip', () =>
      jsonResponse(chore(2, { name: 'Wash dishes', frequency: 'daily', due_date: day(1) })),
    );
    renderApp('/chores', server);
    const menu = await openTurnMenu('Wash dishes');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Skip this turn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip Wash dishes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeVisible();
    expect(server.callsTo('/chores/2/skip')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Away this weekend');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(server.callsTo('/chores/2/skip')).toHaveLength(1));
    expect(await server.callsTo('/chores/2/skip')[0]!.json()).toEqual({
      reason: 'Away this weekend',
      version: 1,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('snoozes a turn by a week from the card’s menu', async () => {
    const server = choresServer();
    server.protectedRoute('POST', '/chores/2/snooze', () =>
      jsonResponse(chore(2, { name: 'Wash dishes', frequency: 'daily', due_date: day(7) })),
    );
    renderApp('/chores', server);
    const menu = await openTurnMenu('Wash dishes');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Snooze 1 week' }));
    await waitFor(() => expect(server.callsTo('/chores/2/snooze')).toHaveLength(1));
    expect(await server.callsTo('/chores/2/snooze')[0]!.json()).toEqual({ days: 7, version: 1 });
  });

  it('before its window opens, a turn shows "From" its date instead of Mark done', async () => {
    const opens = day(2);
    const server = choresServer([
      ...household(),
      chore(9, {
        name: 'Defrost freezer',
        frequency: 'weekly',
        due_date: day(5),
        completion_window_days: 3,
        completable_from: opens,
      }),
    ]);
    renderApp('/chores', server);
    const card = await screen.findByRole('article', { name: 'Defrost freezer' });
    const button = within(card).getByRole('button', { name: /^From / });
    expect(button).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Mark done' })).toBeNull();
    expect(today < opens).toBe(true);
  });
});

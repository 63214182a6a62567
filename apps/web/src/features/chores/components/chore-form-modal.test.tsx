import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE } from '@household/contracts';
import { jsonResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import {
  chore,
  choresServer,
  day,
  groupChore,
  today,
} from '../../../../test/features/chores/chores-page-fixtures';
import { groupDetail } from '../../../../test/features/groups/fixtures';

async function openNewChore(server = choresServer()) {
  const view = renderApp('/chores', server);
  await screen.findByRole('article', { name: 'Wash dishes' });
  await userEvent.click(screen.getByRole('button', { name: 'New chore' }));
  const dialog = await screen.findByRole('dialog', { name: 'New chore' });
  return { ...view, dialog, server };
}

async function openEdit(name: string, server = choresServer()) {
  const view = renderApp('/chores', server);
  await screen.findByRole('article', { name });
  await userEvent.click(screen.getByRole('button', { name: `Edit ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit chore' });
  return { ...view, dialog, server };
}

const submit = (dialog: HTMLElement, name = 'Create chore') =>
  userEvent.click(within(dialog).getByRole('button', { name }));

describe('the chore form’s rules (spec §5)', () => {
  it('asks for a name, a group for a group chore, an interval of a day or more and a due date', async () => {
    const { dialog, server } = await openNewChore();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Group' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Frequency'), 'custom');
    await userEvent.type(within(dialog).getByLabelText(/Repeat every/), '0');
    await userEvent.clear(within(dialog).getByLabelText(/Due date/));
    await submit(dialog);

    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    expect(within(dialog).getByText('Please select a group')).toBeVisible();
    expect(within(dialog).getByText('Interval must be at least 1 day')).toBeVisible();
    expect(within(dialog).getByText('Due date is required')).toBeVisible();
    expect(within(dialog).getByLabelText(/Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('/chores').filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates a group chore with what was entered', async () => {
    const server = choresServer();
    server.protectedRoute('POST', '/chores', () => jsonResponse(groupChore(20), 201));
    const { dialog } = await openNewChore(server);
    await userEvent.type(within(dialog).getByLabelText(/Name/), '  Mop the hall ');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Bucket is in the shed');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Group' }));
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /Group/ }),
      'Flat 3B',
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Frequency'), 'custom');
    expect(within(dialog).getByRole('option', { name: 'Custom interval' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Repeat every/), '3');
    expect(within(dialog).getByText('Every 3 days')).toBeVisible();
    const effort = within(dialog).getByLabelText(/Effort/);
    expect(effort).toHaveValue('1');
    await userEvent.clear(effort);
    await userEvent.type(effort, '4');
    await submit(dialog);

    expect(await screen.findByText('Chore created')).toBeVisible();
    const post = server.callsTo('/chores').find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({
      name: 'Mop the hall',
      description: 'Bucket is in the shed',
      type: 'group',
      group_id: 1,
      frequency: 'custom',
      interval_days: 3,
      due_date: today,
      effort: 4,
      due_rule: 'due_date',
      completion_window_days: null,
      skip_policy: 'next_person',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sets the due date to today, tomorrow or next week with one press', async () => {
    const { dialog } = await openNewChore();
    const dueDate = within(dialog).getByLabelText(/Due date/);
    expect(dueDate).toHaveValue(today);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tomorrow' }));
    expect(dueDate).toHaveValue(day(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next week' }));
    expect(dueDate).toHaveValue(day(7));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Today' }));
    expect(dueDate).toHaveValue(today);
  });

  it('shows the server’s field messages in the language of the page', async () => {
    const server = choresServer();
    server.protectedRoute(
      'POST',
      '/chores',
      () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            code: 'validation_failed',
            errors: [{ path: 'due_date', code: 'custom', message: 'Invalid date format' }],
          }),
          { status: 400, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE } },
        ),
    );
    const { dialog } = await openNewChore(server);
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Dust');
    await submit(dialog);
    expect(await within(dialog).findByText('Invalid date format')).toBeVisible();
  });
});

describe('leaving the chore form (spec §2/§4 unsaved changes)', () => {
  it('closes at once while nothing was changed', async () => {
    await openNewChore();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before changes are thrown away, and keeps them when told to', async () => {
    const { dialog } = await openNewChore();
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Dust');
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull(),
    );
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Dust');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('holds a link in the app until the person agrees to lose the changes', async () => {
    const { dialog, router } = await openNewChore();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next week' }));
    void router.navigate('/lists');
    const question = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(router.state.location.pathname).toBe('/chores');
    await userEvent.click(within(question).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists'));
  });

  it('asks the browser before the tab is closed with unsaved changes', async () => {
    const { dialog } = await openNewChore();
    const before = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(before()).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Dust');
    expect(before()).toBe(true);
  });
});

describe('editing and deleting a chore', () => {
  it('keeps type and group, and sends the version it was based on', async () => {
    const server = choresServer();
    server.protectedRoute('PATCH', '/chores/1', () =>
      jsonResponse(groupChore(1, { name: 'Scrub bathroom', version: 2 })),
    );
    const { dialog } = await openEdit('Clean bathroom', server);
    expect(within(dialog).getByRole('radio', { name: 'Group' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Group' })).toHaveValue('Flat 3B');
    const name = within(dialog).getByLabelText(/Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Scrub bathroom');
    await submit(dialog, 'Save');
    expect(await screen.findByText('Chore updated')).toBeVisible();
    expect(await server.callsTo('/chores/1')[0]!.json()).toMatchObject({
      version: 1,
      name: 'Scrub bathroom',
      frequency: 'weekly',
      interval_days: null,
      due_date: day(-2),
      effort: 5,
    });
  });

  it('says the chore changed meanwhile and shows it as it is now', async () => {
    const server = choresServer();
    const latest = groupChore(1, { name: 'Clean bathroom and sink', version: 3 });
    server.protectedRoute(
      'PATCH',
      '/chores/1',
      () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            code: 'conflict',
            current: latest,
          }),
          { status: 409, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE } },
        ),
    );
    const { dialog } = await openEdit('Clean bathroom', server);
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Also the mirror');
    await submit(dialog, 'Save');
    expect(await within(dialog).findByText('Changed meanwhile')).toBeVisible();
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Clean bathroom and sink');
  });

  it('deletes after a confirmation, naming the version', async () => {
    const server = choresServer([chore(2, { name: 'Wash dishes', version: 7 })]);
    server.protectedRoute('DELETE', '/chores/2', () => new Response(null, { status: 204 }));
    const { dialog } = await openEdit('Wash dishes', server);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete chore' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete chore' });
    // The confirmation fades in: visible once its transition has run, on a busy machine later.
    await waitFor(() =>
      expect(
        within(confirm).getByText('Delete “Wash dishes”? This cannot be undone.'),
      ).toBeVisible(),
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Chore deleted')).toBeVisible();
    const call = server.callsTo('/chores/2').find((r) => r.method === 'DELETE')!;
    expect(new URL(call.url).searchParams.get('version')).toBe('7');
  });
});

describe('how turns are handed out (docs/chores.md "Assignment strategies")', () => {
  async function newGroupChore() {
    const server = choresServer();
    server.protectedRoute('GET', '/groups/1', () => jsonResponse(groupDetail('member')));
    server.protectedRoute('POST', '/chores', () => jsonResponse(groupChore(21), 201));
    const { dialog } = await openNewChore(server);
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Bins');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Group' }));
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /Group/ }),
      'Flat 3B',
    );
    return { dialog, server };
  }

  it('orders a fixed rotation with up and down buttons and sends that order', async () => {
    const { dialog, server } = await newGroupChore();
    const strategy = within(dialog).getByLabelText('How turns are handed out');
    expect(strategy).toHaveValue('least_effort');
    expect(within(strategy).getAllByRole('option')).toHaveLength(6);
    await userEvent.selectOptions(strategy, 'fixed_rotation');
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '1. Cleo Owner',
      '2. Ann Example',
      '3. Bob Member',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Move Cleo Owner up' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Bob Member up' }));
    await submit(dialog);

    expect(await screen.findByText('Chore created')).toBeVisible();
    const post = server.callsTo('/chores').find((r) => r.method === 'POST')!;
    expect(await post.json()).toMatchObject({
      assignment_strategy: 'fixed_rotation',
      rotation_order: [7, 6, 5],
      assignee_id: null,
    });
  });

  it('asks who does it for "Always the same person", and sends the window of "Random but fair"', async () => {
    const { dialog, server } = await newGroupChore();
    const strategy = within(dialog).getByLabelText('How turns are handed out');
    await userEvent.selectOptions(strategy, 'same_person');
    await submit(dialog);
    expect(await within(dialog).findByText('Please choose who does it')).toBeVisible();

    await userEvent.selectOptions(strategy, 'random_fair');
    await userEvent.type(within(dialog).getByLabelText(/Fair over how many turns/), '4');
    await submit(dialog);
    expect(await screen.findByText('Chore created')).toBeVisible();
    const post = server.callsTo('/chores').find((r) => r.method === 'POST')!;
    expect(await post.json()).toMatchObject({ assignment_strategy: 'random_fair', fair_window: 4 });
  });
});

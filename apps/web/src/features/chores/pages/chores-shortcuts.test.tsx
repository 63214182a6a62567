import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { choresServer } from '../../../../test/features/chores/chores-page-fixtures';

async function openChores() {
  renderApp('/chores', choresServer());
  // The file's first test imports the page and transforms its modules: on a busy machine that
  // alone can take longer than the usual wait.
  await screen.findByRole('article', { name: 'Wash dishes' }, { timeout: 15_000 });
}

const calendarShown = () => screen.queryByRole('region', { name: 'Chores calendar' });

describe('keyboard shortcuts of the chores page (spec §2)', () => {
  it('n opens a new chore, and Escape closes it', async () => {
    await openChores();
    await userEvent.keyboard('n');
    // The form loads lazily: its first import, too, can take a while on a busy machine.
    const form = await screen.findByRole('dialog', { name: 'New chore' }, { timeout: 15_000 });
    await waitFor(() => expect(form).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('v switches between the list and the calendar', async () => {
    await openChores();
    await userEvent.keyboard('v');
    expect(await screen.findByRole('region', { name: 'Chores calendar' })).toBeVisible();
    expect(screen.queryByRole('tablist')).toBeNull();
    await userEvent.keyboard('v');
    expect(await screen.findByRole('tablist', { name: 'Chores by due date' })).toBeVisible();
    expect(calendarShown()).toBeNull();

    // Right after a click on the switch itself (a radio input has the focus) the keys still work.
    await userEvent.click(screen.getByRole('radio', { name: 'Calendar' }));
    expect(await screen.findByRole('region', { name: 'Chores calendar' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Calendar' })).toHaveFocus();
    await userEvent.keyboard('v');
    expect(await screen.findByRole('tablist', { name: 'Chores by due date' })).toBeVisible();
  });

  it('? shows and hides the shortcuts, as does the Keyboard shortcuts button', async () => {
    await openChores();
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    // Dialogs fade in (Mantine's transition): on a busy machine the first look may find one still
    // at opacity 0, so each is waited for until it shows.
    await waitFor(() => expect(dialog).toBeVisible());
    expect(within(dialog).getByText('Switch between list and calendar')).toBeVisible();
    expect(within(dialog).getByText('Close any dialog')).toBeVisible();
    await userEvent.keyboard('?');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const reopened = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await waitFor(() => expect(reopened).toBeVisible());
  });

  it('does nothing while the person types in a field', async () => {
    await openChores();
    await userEvent.keyboard('n');
    const form = await screen.findByRole('dialog', { name: 'New chore' });
    const name = within(form).getByLabelText(/Name/);
    await userEvent.type(name, 'nv?');
    expect(name).toHaveValue('nv?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole(
        'button',
        { name: 'Discard changes' },
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calendarShown()).toBeNull();

    // A select keeps its letters too (they pick an option).
    screen.getByLabelText('Show').focus();
    await userEvent.keyboard('nv');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calendarShown()).toBeNull();
  });

  it('leaves browser shortcuts alone: Ctrl+N is not n', async () => {
    await openChores();
    await userEvent.keyboard('{Control>}n{/Control}');
    await userEvent.keyboard('{Meta>}v{/Meta}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calendarShown()).toBeNull();
  });
});

import type { Problem } from '@household/contracts';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { ReauthenticationCancelled, useReauthentication } from './use-reauthentication';

const problem = (status: number, code: Problem['code']) =>
  new ApiError({ type: 'about:blank', title: code, status, code });

/** A change that answers reauthentication_required without a password and then as told. */
function sensitiveChange(answer: (password: string) => Promise<string>) {
  return vi.fn((password?: string) =>
    password === undefined
      ? Promise.reject(problem(403, 'reauthentication_required'))
      : answer(password),
  );
}

function Caller({ call }: { call: (password?: string) => Promise<string> }) {
  const reauth = useReauthentication();
  const [outcome, setOutcome] = useState('');
  const start = () =>
    reauth.run(call).then(
      (value) => setOutcome(`done: ${value}`),
      (error: unknown) =>
        setOutcome(error instanceof ReauthenticationCancelled ? 'cancelled' : 'failed'),
    );
  return (
    <MantineProvider>
      <button onClick={() => void start()}>Change</button>
      <output>{outcome}</output>
      {reauth.prompt}
    </MantineProvider>
  );
}

const dialog = () => screen.findByRole('dialog', { name: 'Confirm your password' });

describe('the re-authentication prompt', () => {
  it('makes the call without asking when the server does not ask', async () => {
    const call = vi.fn(async () => 'saved');
    render(<Caller call={call} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('done: saved')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the password, says when it is wrong, and retries with the right one', async () => {
    const call = sensitiveChange(async (password) => {
      if (password !== 'right password') throw problem(400, 'invalid_credentials');
      return 'saved';
    });
    render(<Caller call={call} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));

    const prompt = await dialog();
    const field = within(prompt).getByLabelText(/^Password/);
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, 'wrong password');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    expect(await within(prompt).findByRole('alert')).toHaveTextContent('The password is incorrect');
    expect(screen.getByRole('status')).toHaveTextContent('');

    await userEvent.clear(field);
    await userEvent.type(field, 'right password{Enter}');
    expect(await screen.findByText('done: saved')).toBeInTheDocument();
    expect(call.mock.calls).toEqual([[], ['wrong password'], ['right password']]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a password before sending an empty one', async () => {
    const call = sensitiveChange(async () => 'saved');
    render(<Caller call={call} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const prompt = await dialog();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    expect(await within(prompt).findByRole('alert')).toHaveTextContent('Password is required');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('says how long to wait after too many tries', async () => {
    const call = sensitiveChange(async () => {
      throw new ApiError(
        { type: 'about:blank', title: 'Too many', status: 429, code: 'rate_limited' },
        120,
      );
    });
    render(<Caller call={call} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const prompt = await dialog();
    await userEvent.type(within(prompt).getByLabelText(/^Password/), 'a guess{Enter}');
    expect(await within(prompt).findByRole('alert')).toHaveTextContent(
      'Too many attempts, try again in 2 minutes',
    );
  });

  it('Escape closes it and the change is cancelled, not failed', async () => {
    const call = sensitiveChange(async () => 'saved');
    render(<Caller call={call} />);
    const change = screen.getByRole('button', { name: 'Change' });
    await userEvent.click(change);
    await dialog();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('hands any other failure to the caller', async () => {
    const call = sensitiveChange(async () => {
      throw problem(500, 'internal_error');
    });
    render(<Caller call={call} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const prompt = await dialog();
    await userEvent.type(within(prompt).getByLabelText(/^Password/), 'right password{Enter}');
    expect(await screen.findByText('failed')).toBeInTheDocument();
  });
});

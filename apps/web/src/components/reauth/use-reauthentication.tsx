import { lazy, useCallback, useRef, useState, type ReactNode } from 'react';
import { LoadWhenOpened } from '../LoadWhenOpened';
import { isApiError } from '../../lib/api-error';

const ReauthModal = lazy(() => import('./ReauthModal').then((m) => ({ default: m.ReauthModal })));

/** The person closed the password prompt: the change was not made, and nothing needs saying. */
export class ReauthenticationCancelled extends Error {
  constructor() {
    super('reauthentication cancelled');
    this.name = 'ReauthenticationCancelled';
  }
}

/** A call that may be retried with the password (`current_password` in its body). */
type ReauthCall<T> = (currentPassword?: string) => Promise<T>;

interface PendingCall {
  call: ReauthCall<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Sensitive changes (docs/accounts.md "Sensitive changes") answer 403 reauthentication_required
 * when the login is older than a few minutes. `run(call)` makes the call; on that answer it asks
 * for the password in a small dialog and retries with it, so the caller sees only the final
 * result, or a ReauthenticationCancelled when the dialog was closed. Render `prompt` somewhere.
 */
export function useReauthentication(): {
  run: <T>(call: ReauthCall<T>) => Promise<T>;
  prompt: ReactNode;
} {
  const [pending, setPending] = useState<PendingCall | null>(null);
  // The dialog stays mounted while it animates closed, after `pending` is gone.
  const last = useRef<PendingCall | null>(null);

  const run = useCallback(
    <T,>(call: ReauthCall<T>): Promise<T> =>
      call().catch((error: unknown) => {
        if (!isApiError(error, 'reauthentication_required')) throw error;
        return new Promise<T>((resolve, reject) => {
          const asked: PendingCall = {
            call,
            resolve: (value) => resolve(value as T),
            reject,
          };
          last.current = asked;
          setPending(asked);
        });
      }),
    [],
  );

  const settle = (finish: (asked: PendingCall) => void) => {
    if (last.current) finish(last.current);
    setPending(null);
  };

  const prompt = (
    <LoadWhenOpened opened={pending !== null}>
      {(opened) => (
        <ReauthModal
          opened={opened}
          retry={(password) => (last.current ? last.current.call(password) : Promise.resolve())}
          onDone={(value) => settle((asked) => asked.resolve(value))}
          onFailed={(error) => settle((asked) => asked.reject(error))}
          onCancel={() => settle((asked) => asked.reject(new ReauthenticationCancelled()))}
        />
      )}
    </LoadWhenOpened>
  );
  return { run, prompt };
}

import type { RegisterBody, ResetPasswordBody, UnlockRequestBody } from '@household/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi, useTokenStore } from '../../../lib/api-context';
import { apiPaths } from './paths';

export interface Credentials {
  email: string;
  password: string;
}

/** spec §7: the login endpoint takes a form with `username` (the email) and `password`. */
export function useLogin() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ email, password }: Credentials) =>
      api.post(apiPaths.login, {
        form: { username: email, password },
        schema: (c) => c.ZTokenPair,
      }),
  });
}

export function useGuestLogin() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.post(apiPaths.guest, { schema: (c) => c.ZTokenPair }),
  });
}

export function useRegister() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: RegisterBody) =>
      api.post(apiPaths.register, { json: body, schema: (c) => c.ZUser }),
  });
}

/** Revokes this session on the server; the caller signs out locally whatever the answer. */
export function useLogout() {
  const api = useApi();
  const tokens = useTokenStore();
  return useMutation({
    mutationFn: async () => {
      const refreshToken = tokens.getRefreshToken();
      await api.post(
        apiPaths.logout,
        refreshToken ? { json: { refresh_token: refreshToken } } : {},
      );
    },
  });
}

export function useForgotPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (email: string) => api.post(apiPaths.forgotPassword, { json: { email } }),
  });
}

/**
 * Asks for the mailed link that makes a browser a known device, whose logins others' guessing
 * does not slow; always 202, whether or not the address has an account.
 */
export function useUnlockRequest() {
  const api = useApi();
  return useMutation({
    mutationFn: (email: string) =>
      api.post(apiPaths.unlockRequest, { json: { email } satisfies UnlockRequestBody }),
  });
}

export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post(apiPaths.resetPassword, { json: body }),
  });
}

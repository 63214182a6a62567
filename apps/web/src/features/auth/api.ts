import type { RegisterBody, ResetPasswordBody } from '@household/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../paths';
import type { ApiClient } from '../../lib/api-client';
import { useApi, useTokenStore } from '../../lib/api-context';

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

export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post(apiPaths.resetPassword, { json: body }),
  });
}

/** A mailed link is used once: the answer is kept, never fetched again. */
export const verifyEmailQueryOptions = (api: ApiClient, token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify', token],
    queryFn: () => api.post(apiPaths.verify, { json: { token }, schema: (c) => c.ZUser }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The auth callback checks its tokens by fetching the user with them before keeping them. */
export const callbackUserQueryOptions = (api: ApiClient, accessToken: string) =>
  queryOptions({
    queryKey: ['auth', 'callback', accessToken],
    queryFn: () => api.get(apiPaths.me, { accessToken, schema: (c) => c.ZUser }),
    retry: false,
    staleTime: Infinity,
  });

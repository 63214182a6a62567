import type {
  ChangePasswordBody,
  ClaimBody,
  DeleteMeBody,
  Locale,
  Settings,
  UpdateMeBody,
  User,
} from '@household/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { CURRENT_USER_QUERY_KEY, useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { accountKeys } from './keys';
import { apiPaths } from './paths';

/** Every call that answers with the user refreshes the one cached copy. */
function useUserMutation<T>(send: (api: ApiClient, variables: T) => Promise<User>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: T) => send(api, variables),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}

export const useUpdateProfile = () =>
  useUserMutation((api, body: UpdateMeBody) =>
    api.patch(apiPaths.me, { json: body, schema: (c) => c.ZUser }),
  );

/** spec §4 guest: the same user, now with a name, email and password. */
export const useClaimAccount = () =>
  useUserMutation((api, body: ClaimBody) =>
    api.post(apiPaths.claim, { json: body, schema: (c) => c.ZUser }),
  );

export const useUploadAvatar = () =>
  useUserMutation((api, file: File) => {
    const formData = new FormData();
    formData.append('file', file);
    return api.put(apiPaths.avatar, { formData, schema: (c) => c.ZUser });
  });

export const useRemoveAvatar = () =>
  useUserMutation<void>((api) => api.delete(apiPaths.avatar, { schema: (c) => c.ZUser }));

export function useChangePassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post(apiPaths.password, { json: body }),
  });
}

export function useRequestVerification() {
  const api = useApi();
  return useMutation({ mutationFn: () => api.post(apiPaths.requestVerifyToken) });
}

export function useDeleteAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: DeleteMeBody) => api.delete(apiPaths.me, { json: body }),
  });
}

/** Merges what was saved into the cached settings, whatever the answer's body holds. */
function useSettingsMutation<K extends keyof Settings>(section: K, path: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<Settings[K]>) => api.put(path, { json: changes }),
    onSuccess: (_answer, changes) =>
      queryClient.setQueryData<Settings>(accountKeys.settings, (settings) =>
        settings ? { ...settings, [section]: { ...settings[section], ...changes } } : settings,
      ),
  });
}

export const useUpdateNotifications = () =>
  useSettingsMutation('notifications', apiPaths.notifications);

export const useUpdatePreferences = () => useSettingsMutation('preferences', apiPaths.preferences);

/** spec §8 messages for a saved setting, in the language shown once it is saved. */
export function preferenceToasts() {
  return {
    onSuccess: () => notify({ type: 'success', message: i18next.t('account.preferences.saved') }),
    onError: () => notify({ type: 'error', message: i18next.t('account.preferences.failed') }),
  };
}

/** The language applies at once; a signed-in user's profile remembers it (PATCH /users/me). */
export function useChangeLanguage() {
  const { isAuthenticated } = useSession();
  const updateProfile = useUpdateProfile();
  const queryClient = useQueryClient();
  return async (locale: Locale) => {
    // A language other than English may have to load first; once it has, the toast below is in it.
    await i18next.changeLanguage(locale);
    if (!isAuthenticated) return;
    updateProfile.mutate({ locale }, preferenceToasts());
    queryClient.setQueryData<Settings>(accountKeys.settings, (settings) =>
      settings
        ? { ...settings, preferences: { ...settings.preferences, language: locale } }
        : settings,
    );
  };
}

export function useChangeCurrency() {
  const updatePreferences = useUpdatePreferences();
  return (currency: string) => updatePreferences.mutate({ currency }, preferenceToasts());
}

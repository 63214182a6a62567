import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import type { TranslationKey } from '../../../lib/i18n';
import { myGroupsQueryOptions } from '../../../lib/shared-queries';
import { notify } from '../../../lib/toasts';
import type { ChoreScope } from '../api/keys';
import { choresQueryOptions } from '../api/queries';
import { choreLoadErrorKey } from '../errors';

/** The chores the page shows and my groups (to name and choose them); a failed load is toasted. */
export function useScopedChores(scope: ChoreScope) {
  const { t } = useTranslation();
  const api = useApi();
  const chores = useQuery(choresQueryOptions(api, scope));
  const groups = useQuery(myGroupsQueryOptions(api));

  const loadFailedKey: TranslationKey =
    scope.kind === 'personal' ? 'chores.personalLoadFailed' : 'chores.loadFailed';
  const failed = (chores.isError && !chores.data) || (groups.isError && !groups.data);
  const failure = chores.error ?? groups.error;
  useEffect(() => {
    // spec §8; chores already on screen stay when only a background refresh fails.
    if (failed) {
      notify({
        id: 'chores-load',
        type: 'error',
        message: t(choreLoadErrorKey(failure, loadFailedKey)),
      });
    }
  }, [failed, failure, loadFailedKey, t]);

  return { chores, groups, loadFailedKey };
}

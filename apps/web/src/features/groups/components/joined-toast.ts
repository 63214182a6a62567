import type { JoinGroupResult } from '@household/contracts';
import type { TFunction } from 'i18next';
import type { Toast } from '../../../lib/toasts';

/** Joining a group one belongs to already changes nothing (docs/groups.md), and says so. */
export function joinedToast(t: TFunction, result: JoinGroupResult): Toast {
  return result.joined
    ? { type: 'success', message: t('groups.join.success', { name: result.group.name }) }
    : { type: 'info', message: t('groups.join.alreadyMember') };
}

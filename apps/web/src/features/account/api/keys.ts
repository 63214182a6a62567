import { sharedKeys } from '../../../lib/shared-keys';

export const accountKeys = {
  /** Shared: the unsubscribe page of the notifications feature refreshes it. */
  settings: sharedKeys.settings,
};

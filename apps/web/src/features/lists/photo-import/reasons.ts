import { ITEMS_PER_LIST_MAX, OCR_IMAGE_MAX_BYTES, type OcrJob } from '@household/contracts';
import type { TFunction } from 'i18next';
import { ApiError, isApiError } from '../../../lib/api-client';

export const OCR_IMAGE_MAX_MB = Math.round(OCR_IMAGE_MAX_BYTES / 1024 / 1024);

/** Why the server refused the photos, in the reader's words; null when there is nothing to add. */
export function uploadFailureReason(t: TFunction, error: unknown): string | null {
  if (isApiError(error, 'payload_too_large')) {
    return t('lists.photoImport.reasons.tooLarge', { max: OCR_IMAGE_MAX_MB });
  }
  if (isApiError(error, 'unsupported_media_type')) {
    return t('lists.photoImport.reasons.unsupportedType');
  }
  if (isApiError(error, 'rate_limited')) {
    return t('lists.photoImport.reasons.busy', { count: error.retryAfterSeconds ?? 60 });
  }
  // Shed under load, or the photo process ended while it prepared the photo: the photo may be fine.
  if (isApiError(error, 'service_unavailable')) {
    return t('lists.photoImport.reasons.unavailable', { count: error.retryAfterSeconds ?? 5 });
  }
  // A file the server could not open as an image (the only field a person chooses).
  if (isApiError(error, 'validation_failed')) return t('lists.photoImport.reasons.damaged');
  if (isApiError(error, 'list_archived')) return t('lists.item.archived');
  if (isApiError(error, 'forbidden')) return t('errors.forbidden');
  if (error instanceof ApiError) return null;
  // By name: the class lives in zod, which this module does not otherwise need.
  if (error instanceof Error && error.name === 'ZodError') return t('errors.invalidData');
  return t('lists.photoImport.reasons.network');
}

/** Why a photo gave no items: its job failed or was cancelled, or its answer did not come. */
export function jobFailureReason(t: TFunction, job: OcrJob): string | null {
  if (job.state === 'cancelled') return t('lists.photoImport.reasons.cancelled');
  if (job.failure !== null) return t(`lists.photoImport.reasons.${job.failure}`);
  return null;
}

/** Why the reviewed items could not be added; null when there is nothing to add. */
export function mergeFailureReason(t: TFunction, error: unknown): string | null {
  if (isApiError(error, 'list_archived')) return t('lists.item.archived');
  if (isApiError(error, 'forbidden') || isApiError(error, 'not_found')) {
    return t('errors.forbidden');
  }
  // The merge's only conflict: the list would hold more items than a list may.
  if (isApiError(error, 'conflict')) {
    return t('lists.photoImport.reasons.listFull', { max: ITEMS_PER_LIST_MAX });
  }
  if (error instanceof ApiError) return null;
  return t('lists.photoImport.reasons.network');
}

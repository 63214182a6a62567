/**
 * The hard photo set: 60 photos, the same 20 papers (per language two receipts, a typed list and
 * a handwritten one) each photographed three ways, careful, ordinary and poor (camera.ts), so
 * that a group's figures differ by the photo alone. Each photo carries its truth: items (name,
 * quantity, price), total, kind, language and group.
 */
import type { OcrLanguage } from '@household/contracts';
import { drawList, drawReceipt, PHOTO_GROUPS, type HardDocument } from './documents';
import { seeded } from './random';

export { PHOTO_GROUPS, type HardDocument, type PhotoGroup } from './documents';
export { cameraFor, takePhoto as renderHardPhoto, type Camera } from './camera';

const LANGUAGES: readonly OcrLanguage[] = ['eng', 'deu', 'nld', 'fra', 'spa'];

function papers(language: OcrLanguage, group: (typeof PHOTO_GROUPS)[number]): HardDocument[] {
  // The paper's content is seeded without the group: the same paper in every group.
  const id = (paper: string) => `${language}-${group}-${paper}`;
  const random = (paper: string) => seeded(`${language}-${paper}`);
  return [
    drawReceipt(id('receipt-1'), language, group, 0, random('receipt-1')),
    drawReceipt(id('receipt-2'), language, group, 1, random('receipt-2')),
    drawList(id('list-typed'), language, group, 'typed', random('list-typed')),
    drawList(id('list-handwritten'), language, group, 'handwritten', random('list-handwritten')),
  ];
}

export const HARD_DOCUMENTS: readonly HardDocument[] = PHOTO_GROUPS.flatMap((group) =>
  LANGUAGES.flatMap((language) => papers(language, group)),
);

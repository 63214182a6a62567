/**
 * Text as the import history's search compares it (`GET /ocr/history?q=`): lower case, accents
 * dropped (NFD, then the combining marks removed), so that "creme" finds "Crème".
 */
export function foldSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A LIKE pattern matching `text` anywhere, its own % and _ (and the escape) taken literally. */
export function containsPattern(text: string): string {
  return `%${foldSearchText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

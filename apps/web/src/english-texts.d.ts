// The two parts of the English texts, written by the build (vite.config.ts `englishTexts`).
declare module 'virtual:english-texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}

/**
 * Debian's Chromium (or CHROMIUM_PATH), started quiet: no sandbox, GPU or background traffic.
 * Shared by the end-to-end suite and the page benchmarks.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

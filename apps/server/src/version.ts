import fs from 'node:fs';
import path from 'node:path';

/** The version in the root package.json: the one number a release carries. */
export const APP_VERSION: string = (
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
  ) as { version: string }
).version;

import { z } from 'zod';

// Every contract takes `z` from here, so that this runs before the first schema is built. In the
// browser the app's Content-Security-Policy forbids `eval`, so zod's compiled parsers can never
// run there, and its probe for them (a caught `new Function`, made when an object schema is
// built) is still reported as a policy violation. The server keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };

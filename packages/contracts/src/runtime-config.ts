import { z } from './zod';

/** GET /config.json: settings the web app reads at start, so one build serves every host. */
export const ZRuntimeConfig = z.object({
  /** Origin of the API, e.g. `https://api.example.org`; empty means the page's own origin. */
  api_url: z.string(),
  sentry_dsn: z.string().nullable(),
  environment: z.string(),
  version: z.string(),
});
export type RuntimeConfig = z.infer<typeof ZRuntimeConfig>;

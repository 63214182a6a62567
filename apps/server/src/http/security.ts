import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Security headers with a Content-Security-Policy the built web app works under: scripts only from
 * our origin (index.html has no inline script), inline styles for the component library, API calls
 * to our origin, the configured API host and the error-reporting host; the service worker and the
 * manifest from our origin (docs/offline.md).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const connectSrc = ["'self'", originOf(config.publicApiUrl), originOf(config.sentryDsn)].filter(
    (source): source is string => !!source,
  );
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...connectSrc.slice(1)],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        // The service worker (sw.js) and the web app manifest of the installable app.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: a home server is often reached over plain http on the LAN.
      },
    },
    // HSTS belongs to whoever terminates TLS (the reverse proxy), not to a LAN http server.
    strictTransportSecurity: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    // The plugin's default allows only GET, HEAD and POST: a web app on another origin could not
    // edit (PATCH/PUT) or delete anything.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    credentials: true,
    exposedHeaders: ['retry-after', 'x-request-id'],
  });
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '@household/contracts';
import type { Config } from '../config';
import { APP_VERSION } from '../version';
import { problem, sendProblem } from './problem';

/**
 * Serves the built web app, its runtime configuration, and the single-page fallback: any GET for a
 * page path answers index.html and the browser's router takes over. Unknown API paths answer a
 * problem+json 404 instead.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const runtimeConfig: RuntimeConfig = {
    api_url: config.publicApiUrl,
    sentry_dsn: config.sentryDsn,
    environment: config.sentryEnvironment,
    version: APP_VERSION,
  };
  app.get('/config.json', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(runtimeConfig),
  );

  const hasWebApp = fs.existsSync(path.join(config.webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The build writes a Brotli (.br) and a gzip (.gz) copy beside each text file: one is sent
      // when the browser accepts it, without compressing anything per request.
      preCompressed: true,
      // Off, or the plugin's own `public, max-age=0` replaces the header set below.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so those never change.
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The body depends on Accept-Encoding: a shared cache must keep the copies apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A path with a file extension is a missing file (an old asset), not a page of the app.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !path.extname(pathname);
    if (isPage && hasWebApp) return reply.sendFile('index.html');
    const detail = isPage
      ? 'The web app is not built: run `npm run build`'
      : `No route ${request.method} ${pathname}`;
    return sendProblem(reply, problem(404, 'not_found', { detail }));
  });
}

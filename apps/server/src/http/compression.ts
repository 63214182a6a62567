import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers above 1 kB are compressed, brotli before gzip as the client's `Accept-Encoding`
 * allows (docs/decisions.md "Compression"). Brotli at quality 4 makes a 1,000-item list a third
 * smaller than gzip's default, in less CPU time; brotli's own default (11) costs some 500 times more.
 * Request bodies are not decompressed: the API has no use for compressed uploads, and a
 * decompressing parser would let a small body grow past the body limit's intent.
 * Registered in the API's scope only: the web app's files are compressed once, at build time
 * (http/web.ts sends those copies).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
}

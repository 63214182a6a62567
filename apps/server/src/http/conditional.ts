import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional reads (docs/api.md "Caching"): a read that carries an entity tag tells browsers to
 * keep the answer but ask again every time (`no-cache`), privately (it depends on who asks). When
 * the request's `If-None-Match` names the current tag, the answer is 304 with no body.
 */
export function sendTagged(reply: FastifyReply, read: { etag: string; json: string | null }) {
  reply.header('etag', read.etag).header('cache-control', 'private, no-cache');
  if (read.json === null) return reply.status(304).send();
  return reply.sendJson(read.json);
}

/** The tags an `If-None-Match` header names (`*` matches any). */
export function knownTags(request: FastifyRequest): string[] {
  const header = request.headers['if-none-match'];
  if (!header) return [];
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

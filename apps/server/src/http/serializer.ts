import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Config } from '../config';

/**
 * How responses become JSON (docs/decisions.md "Response serialization").
 *
 * Presenters build exactly the contract's shape, so production sends `JSON.stringify` of what they
 * return: validating every response against its zod schema cost about a sixth of the CPU of a
 * large list read. Development and tests keep the check, and a strict one: the response must
 * already BE its schema's output (nothing the schema would strip, such as a stray column, and
 * nothing it would transform), so what the tests see is byte for byte what production sends.
 */
export function registerResponseSerializer(app: FastifyInstance, config: Pick<Config, 'env'>) {
  const checked = config.env !== 'production';
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!checked) return (data) => JSON.stringify(data);
    return (data) => {
      assertMatchesSchema(schema as ZodType, data, method, url);
      return JSON.stringify(data);
    };
  });
  app.decorateReply('sendJson', function sendJson(this: FastifyReply, json: string) {
    if (checked) {
      const schema = this.routeOptions.schema?.response as Record<string, unknown> | undefined;
      const forStatus = schema?.[String(this.statusCode)] as ZodType | undefined;
      if (forStatus)
        assertMatchesSchema(forStatus, JSON.parse(json), this.request.method, this.request.url);
    }
    return this.type('application/json; charset=utf-8').send(json);
  });
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Sends JSON text built elsewhere (by PostgreSQL) as it is: no parse, no stringify. In
     * development and tests it is checked against the route's response schema like any response.
     */
    sendJson(json: string): FastifyReply;
  }
}

function assertMatchesSchema(schema: ZodType, data: unknown, method: string, url: string) {
  const result = schema.safeParse(data);
  if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
  // Compared as JSON: an `undefined` property is not sent either way.
  const sent: unknown = JSON.parse(JSON.stringify(data) ?? 'null');
  const shaped: unknown = JSON.parse(JSON.stringify(result.data) ?? 'null');
  if (!isDeepStrictEqual(sent, shaped)) {
    throw new Error(
      `${method} ${url}: the response differs from its schema's output: ${JSON.stringify(sent)} vs ${JSON.stringify(shaped)}`,
    );
  }
}

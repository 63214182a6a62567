import { API_PREFIX } from '@household/contracts';
import type { App } from '../../src/app';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The part of JSON Schema that fastify-type-provider-zod writes into the document. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `PATCH /api/v1/lists/{id}`: how reports and failure files name the operation. */
  key: string;
  method: HttpMethod;
  path: string;
  secured: boolean;
  parameters: Parameter[];
  body: { contentType: string; schema: JsonSchema } | null;
}

/**
 * What an id-like field names. A `code` is an invite code: not a numeric id, but it names a group
 * all the same, so the fuzzer picks it from the same pools.
 */
export type ResourceKind =
  | 'group'
  | 'list'
  | 'item'
  | 'category'
  | 'invitation'
  | 'user'
  | 'code'
  | 'expense'
  | 'expense_series'
  | 'split'
  | 'settlement'
  | 'chore'
  | 'assignment'
  | 'time_entry'
  | 'chore_swap'
  | 'ocr_job'
  | 'notification'
  | 'push_subscription';

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

/** Reads the API's own OpenAPI document, the way any client would. */
export async function readOpenApiDocument(app: App): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` });
  if (response.statusCode !== 200) {
    throw new Error(`GET ${API_PREFIX}/openapi.json answered ${response.statusCode}`);
  }
  return response.json<OpenApiDocument>();
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema | undefined): JsonSchema =>
    dereference(schema ?? {}, document.components?.schemas ?? {});
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const upper = method.toUpperCase() as HttpMethod;
      if (!METHODS.includes(upper)) continue;
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        secured: (operation.security ?? []).length > 0,
        parameters: (operation.parameters ?? [])
          .filter((parameter) => ['path', 'query', 'header'].includes(parameter.in))
          .map((parameter) => ({
            name: parameter.name,
            in: parameter.in as Parameter['in'],
            required: parameter.required ?? parameter.in === 'path',
            schema: resolve(parameter.schema),
          })),
        body: contentType ? { contentType, schema: resolve(media?.schema) } : null,
      });
    }
  }
  return operations;
}

function dereference(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const own = schema.$ref ? (components[schema.$ref.split('/').pop() ?? ''] ?? {}) : schema;
  const resolved: JsonSchema = { ...own };
  if (own.properties) {
    resolved.properties = Object.fromEntries(
      Object.entries(own.properties).map(([name, value]) => [name, dereference(value, components)]),
    );
  }
  if (own.items) resolved.items = dereference(own.items, components);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    resolved[key] = own[key]?.map((option) => dereference(option, components));
  }
  return resolved;
}

/** The schema a value must meet, with unions reduced to their first non-null branch. */
export function effectiveSchema(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  const first = options?.find((option) => option.type !== 'null');
  return first ? effectiveSchema(first) : schema;
}

const COLLECTION_KINDS: Record<string, ResourceKind> = {
  groups: 'group',
  lists: 'list',
  items: 'item',
  categories: 'category',
  invites: 'invitation',
  members: 'user',
  users: 'user',
  expenses: 'expense',
  'expense-series': 'expense_series',
  splits: 'split',
  settlements: 'settlement',
  chores: 'chore',
  assignments: 'assignment',
  'time-entries': 'time_entry',
  'chore-swaps': 'chore_swap',
  // `/ocr/status/{id}`, `/ocr/result/{id}`, `/ocr/image/{id}`, `/ocr/cancel/{id}` name a photo job.
  ocr: 'ocr_job',
  // `/balances/{id}` and `/reports/{id}` name a group.
  balances: 'group',
  reports: 'group',
  notifications: 'notification',
  // `/push/subscriptions/{id}` names a device's push subscription.
  subscriptions: 'push_subscription',
};
const PREFIX_KINDS: Record<string, ResourceKind> = {
  group: 'group',
  list: 'list',
  item: 'item',
  category: 'category',
  invite: 'invitation',
  invitation: 'invitation',
  user: 'user',
  member: 'user',
  expense: 'expense',
  split: 'split',
  settlement: 'settlement',
  chore: 'chore',
  assignment: 'assignment',
  // A payment's `from_id` and `to_id` name people.
  from: 'user',
  to: 'user',
};

/**
 * The kind of resource a field names, read from its name and place: `group_id` and `itemId` by
 * their prefix, a bare `id` or `ids` by the nearest collection before it in the path
 * (`/invites/accept/{id}` names an invitation). A new route is covered without a table to update.
 */
export function resourceKindOf(
  path: string,
  name: string,
  schema: JsonSchema,
): ResourceKind | null {
  if (name === 'code') return 'code';
  const effective = effectiveSchema(schema);
  const element = effective.type === 'array' ? effectiveSchema(effective.items ?? {}) : effective;
  if (element.type !== 'integer') return null;
  const prefixed = /^([a-z]+?)(?:_ids?|Ids?)$/.exec(name);
  if (prefixed?.[1]) return PREFIX_KINDS[prefixed[1]] ?? null;
  if (name !== 'id' && name !== 'ids') return null;
  const segments = path.split('/');
  const own = segments.indexOf(`{${name}}`);
  const before = own === -1 ? segments : segments.slice(0, own);
  for (const segment of before.reverse()) {
    const kind = COLLECTION_KINDS[segment];
    if (kind) return kind;
  }
  return null;
}

/**
 * Routes under the API prefix that the document leaves out on purpose, each with its reason. Any
 * other undocumented route fails the suite: the fuzzer only reaches what the document describes.
 */
export const UNDOCUMENTED_ROUTES: Record<string, string> = {
  [`GET ${API_PREFIX}/openapi.json`]: 'the OpenAPI document itself',
  [`GET ${API_PREFIX}/ws`]:
    'the WebSocket upgrade of the realtime channel (docs/realtime.md); OpenAPI 3.0 cannot describe it',
};

/**
 * Every route registered under the API prefix, as `METHOD /path/{param}`. The routes exist before
 * any test hook could watch them being added, so they are read from Fastify's route tree.
 */
export function registeredApiRoutes(app: App): string[] {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    stack.length = (match[1] ?? '').length / 4;
    stack.push(match[2] ?? '');
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    if (!match[3] || !path.startsWith(`${API_PREFIX}/`)) continue;
    for (const method of match[3].split(', ')) routes.add(`${method} ${path}`);
  }
  return [...routes].sort();
}

/** Registered API routes that are neither in the document nor on the allow-list. */
export function undocumentedRoutes(app: App, operations: Operation[]): string[] {
  const documented = new Set([
    ...operations.map((operation) => operation.key),
    ...Object.keys(UNDOCUMENTED_ROUTES),
  ]);
  return registeredApiRoutes(app).filter((route) => {
    // Fastify answers HEAD for every GET route by itself; it is as documented as its GET.
    const asGet = route.replace(/^HEAD /, 'GET ');
    return !documented.has(route) && !(route.startsWith('HEAD ') && documented.has(asGet));
  });
}

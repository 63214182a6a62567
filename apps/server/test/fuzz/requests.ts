import {
  effectiveSchema,
  resourceKindOf,
  type HttpMethod,
  type JsonSchema,
  type Operation,
  type ResourceKind,
} from './openapi';
import { idFieldsOf, type FuzzCase, type Mutation } from './openapi-cases';
import {
  CURRENT_VERSION,
  encodeUrlText,
  idRef,
  isIdRef,
  isRawJson,
  TOKEN,
  type ForgedTokenName,
  type IdRef,
  type Owner,
  type UrlValue,
  type WireValue,
} from './values';

/** The ids a case may name, by owner and kind (seed.ts fills them). */
type Pools = Record<Owner, Partial<Record<ResourceKind, (number | string)[]>>>;

export interface Credentials {
  token: string;
  forged: Record<ForgedTokenName, string>;
}

export interface CaseContext {
  pools: Pools;
  /** Whose ids fill the valid request. */
  defaultOwner: Owner;
  credentials: Credentials;
  /** The target's current version, when the operation updates with an optimistic lock. */
  currentVersion?: number;
}

/** Exactly what goes over the wire; a failure file stores it as it is. */
export interface WireRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload: { text: string; encoding: 'utf8' | 'latin1' } | null;
  transport: 'inject' | 'socket';
}

/** An id the request names once the server coerces it (`"01"`, `true` and `[1]` all name 1). */
export interface NamedId {
  kind: ResourceKind;
  id: number | string;
}

/** The request before its pool ids and tokens are filled in. */
interface Draft {
  path: Record<string, UrlValue>;
  query: [string, UrlValue][];
  headers: Record<string, string>;
  body:
    | { kind: 'tree'; value: WireValue }
    | { kind: 'raw'; text: string; encoding: 'utf8' | 'latin1' }
    | null;
}

/**
 * A value the schema accepts, as a person filling in the form would type it; a field that names
 * a resource gets a pool id of `owner`'s.
 */
function validValue(
  operation: Operation,
  schema: JsonSchema,
  name: string,
  owner: Owner,
): WireValue {
  const effective = effectiveSchema(schema);
  const kind = resourceKindOf(operation.path, name, schema);
  if (kind) return effective.type === 'array' ? [idRef(kind, owner)] : idRef(kind, owner);
  if (effective.enum?.length) return effective.enum[0] as WireValue;
  if (name === 'version' && effective.type === 'integer') return CURRENT_VERSION;
  switch (effective.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number': {
      const minimum = (effective.minimum ?? 1) + (effective.exclusiveMinimum === true ? 1 : 0);
      return Math.min(Math.max(1, minimum), effective.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'array':
      return [validValue(operation, effective.items ?? {}, '', owner)];
    case 'object':
      return Object.fromEntries(
        Object.entries(effective.properties ?? {}).map(([property, inner]) => [
          property,
          validValue(operation, inner, property, owner),
        ]),
      );
    default:
      return validText(effective, name);
  }
}

/** Known patterns and field names of the contracts, with a value each accepts. */
const PATTERN_EXAMPLES: [RegExp, string][] = [
  [/^\^\[A-Z\]\{3\}\$$/, 'EUR'],
  [/#\[0-9a-fA-F\]/, '#336699'],
  [/webp/, `${'f'.repeat(24)}.webp`],
  // A calendar date (YYYY-MM-DD): one far enough ahead that a recurring bill makes nothing yet.
  [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/, '2099-01-01'],
  [/\\d/, '1'],
];
const NAME_EXAMPLES: [RegExp, string][] = [
  [/email|username/, 'fuzz@example.test'],
  [/password/, 'fuzz password 1'],
  [/timezone/, 'Europe/Berlin'],
  [/content/, 'Milk\nBread'],
];

function validText(schema: JsonSchema, name: string): string {
  const byPattern = schema.pattern
    ? PATTERN_EXAMPLES.find(([pattern]) => pattern.test(schema.pattern ?? ''))?.[1]
    : undefined;
  const byName = NAME_EXAMPLES.find(([pattern]) => pattern.test(name))?.[1];
  const text = byPattern ?? byName ?? 'Fuzz';
  return text.padEnd(schema.minLength ?? 0, 'z').slice(0, schema.maxLength ?? text.length);
}

/** The operation's valid request: every parameter and body field filled in. */
function baselineDraft(operation: Operation, owner: Owner): Draft {
  const draft: Draft = { path: {}, query: [], headers: {}, body: null };
  for (const parameter of operation.parameters) {
    const value = validValue(operation, parameter.schema, parameter.name, owner);
    const values = Array.isArray(value) ? value : [value];
    const asUrl = values.map((item) => (isUrlValue(item) ? item : String(item)));
    if (parameter.in === 'path') draft.path[parameter.name] = asUrl[0] ?? '';
    if (parameter.in === 'query' && parameter.required) {
      for (const item of asUrl) draft.query.push([parameter.name, item]);
    }
    if (parameter.in === 'header' && parameter.required) {
      draft.headers[parameter.name.toLowerCase()] = String(asUrl[0]);
    }
  }
  if (operation.secured) draft.headers.authorization = `Bearer ${TOKEN}`;
  if (operation.body) {
    draft.headers['content-type'] = operation.body.contentType;
    draft.body = { kind: 'tree', value: validValue(operation, operation.body.schema, '', owner) };
  }
  return draft;
}

const isUrlValue = (value: WireValue): value is UrlValue =>
  typeof value === 'string' || (typeof value === 'object' && value !== null && '$fuzzId' in value);

function applyMutations(draft: Draft, mutations: Mutation[]): Draft {
  for (const mutation of mutations) {
    switch (mutation.kind) {
      case 'path':
        draft.path[mutation.name] = mutation.value;
        break;
      case 'query':
        draft.query = draft.query.filter(([name]) => name !== mutation.name);
        if (mutation.value !== null) draft.query.push([mutation.name, mutation.value]);
        break;
      case 'query-extra':
        draft.query.push([mutation.name, mutation.value]);
        break;
      case 'header':
        if (mutation.value === null) delete draft.headers[mutation.name];
        else draft.headers[mutation.name] = mutation.value;
        break;
      case 'body':
        draft.body = { kind: 'raw', text: mutation.text, encoding: mutation.encoding };
        break;
      case 'field':
      case 'omit-field':
        if (draft.body?.kind === 'raw') break;
        draft.body ??= { kind: 'tree', value: {} };
        draft.body.value = withField(
          draft.body.value,
          mutation.path,
          mutation.kind === 'field' ? mutation.value : undefined,
        );
        break;
    }
  }
  return draft;
}

/** A copy of `tree` with the field at `path` set (or removed when `value` is undefined). */
function withField(tree: WireValue, path: string[], value: WireValue | undefined): WireValue {
  const [key, ...rest] = path;
  if (key === undefined) return value ?? null;
  const container: Record<string, WireValue> | WireValue[] = Array.isArray(tree)
    ? [...tree]
    : typeof tree === 'object' && tree !== null
      ? { ...(tree as Record<string, WireValue>) }
      : {};
  const current = (container as Record<string, WireValue>)[key] ?? null;
  if (value === undefined && rest.length === 0) {
    delete (container as Record<string, WireValue>)[key];
    return container;
  }
  // defineProperty, not assignment: a key such as "__proto__" must become a field of the body.
  Object.defineProperty(container, key, {
    value: withField(current, rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return container;
}

export function buildRequest(
  operation: Operation,
  fuzzCase: FuzzCase,
  context: CaseContext,
): { request: WireRequest; namedIds: NamedId[] } {
  const draft = resolveDraft(
    applyMutations(baselineDraft(operation, context.defaultOwner), fuzzCase.mutations),
    context,
  );
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    String(draft.path[name] ?? ''),
  );
  const query = draft.query.map(([name, value]) => `${name}=${String(value)}`).join('&');
  const headers = Object.fromEntries(
    Object.entries(draft.headers).map(([name, value]) => [
      name,
      fillTokens(value, context.credentials),
    ]),
  );
  let payload: WireRequest['payload'] = null;
  if (draft.body?.kind === 'raw')
    payload = { text: draft.body.text, encoding: draft.body.encoding };
  if (draft.body?.kind === 'tree') {
    const isForm = operation.body?.contentType === 'application/x-www-form-urlencoded';
    const text = isForm ? encodeForm(draft.body.value) : stringifyWire(draft.body.value);
    payload = { text, encoding: 'utf8' };
  }
  return {
    request: {
      method: operation.method,
      url: query ? `${path}?${query}` : path,
      headers,
      payload,
      transport: fuzzCase.transport,
    },
    namedIds: namedIdsOf(operation, draft),
  };
}

function resolveDraft(draft: Draft, context: CaseContext): Draft {
  const inUrl = (value: UrlValue): string =>
    isIdRef(value) ? String(spell(value, context.pools, true)) : value;
  const inBody = (value: WireValue): WireValue => {
    if (isIdRef(value)) return spell(value, context.pools, false);
    if (value === CURRENT_VERSION) return context.currentVersion ?? 1;
    if (Array.isArray(value)) return value.map(inBody);
    if (value !== null && typeof value === 'object' && !isRawJson(value)) {
      const copy: Record<string, WireValue> = {};
      for (const [key, inner] of Object.entries(value)) {
        Object.defineProperty(copy, key, {
          value: inBody(inner),
          enumerable: true,
          writable: true,
        });
      }
      return copy;
    }
    return value;
  };
  return {
    path: Object.fromEntries(
      Object.entries(draft.path).map(([name, value]) => [name, inUrl(value)]),
    ),
    query: draft.query.map(([name, value]) => [name, inUrl(value)]),
    headers: draft.headers,
    body:
      draft.body?.kind === 'tree' ? { kind: 'tree', value: inBody(draft.body.value) } : draft.body,
  };
}

/** The pool id, spelled as the ref asks: `01`, `+1`, ` 1 `, `1.0`, `1e0` all coerce to 1. */
function spell(ref: IdRef, pools: Pools, inUrl: boolean): string | number {
  const { kind, owner, index, spelling } = ref.$fuzzId;
  const other: Owner = owner === 'foreign' ? 'own' : 'foreign';
  const pool = pools[owner][kind]?.length ? pools[owner][kind] : (pools[other][kind] ?? []);
  const id = pool.length > 0 ? pool[index % pool.length] : undefined;
  if (id === undefined) return kind === 'code' ? 'NOCODE' : 2_147_483_647;
  if (typeof id === 'string') return inUrl ? encodeUrlText(id) : id;
  switch (spelling) {
    case 'plain':
      return inUrl ? String(id) : id;
    case 'leading-zero':
      return `0${id}`;
    case 'plus':
      return `+${id}`;
    case 'padded':
      return inUrl ? `%20${id}%20` : ` ${id} `;
    case 'decimal':
      return `${id}.0`;
    case 'exponent':
      return `${id}e0`;
  }
}

function fillTokens(value: string, credentials: Credentials): string {
  return value
    .replaceAll(TOKEN, credentials.token)
    .replace(/<forged:([a-z0-9-]+)>/g, (match, name: string) =>
      name in credentials.forged ? credentials.forged[name as ForgedTokenName] : match,
    );
}

function namedIdsOf(operation: Operation, draft: Draft): NamedId[] {
  const named: NamedId[] = [];
  for (const field of idFieldsOf(operation)) {
    const values: unknown[] =
      field.location === 'path'
        ? [draft.path[field.name]]
        : field.location === 'query'
          ? draft.query.filter(([name]) => name === field.name).map(([, value]) => value)
          : draft.body?.kind === 'tree'
            ? [valueAt(draft.body.value, field.path)]
            : [];
    for (const value of values) {
      for (const id of coercedIds(value, field.kind)) named.push({ kind: field.kind, id });
    }
  }
  return named;
}

function valueAt(tree: WireValue, path: string[]): unknown {
  let current: unknown = tree;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      return undefined;
    }
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Every id a coercing parser could read from the value (z.coerce.number is `Number(value)`). */
function coercedIds(value: unknown, kind: ResourceKind): (number | string)[] {
  if (value === undefined || value === null) return [];
  if (kind === 'code') {
    return typeof value === 'string'
      ? [
          decode(value)
            .toUpperCase()
            .replace(/[^0-9A-Z]/g, ''),
        ]
      : [];
  }
  const candidates: unknown[] = Array.isArray(value) ? [...value, value] : [value];
  return candidates.flatMap((candidate) => {
    const text = isRawJson(candidate)
      ? candidate.$fuzzRaw
      : typeof candidate === 'string'
        ? decode(candidate)
        : candidate;
    const id = Number(Array.isArray(text) ? String(text) : text);
    return Number.isInteger(id) && id > 0 ? [id] : [];
  });
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function stringifyWire(value: WireValue): string {
  if (isRawJson(value)) return value.$fuzzRaw;
  if (Array.isArray(value)) return `[${value.map(stringifyWire).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(
      ([key, inner]) => `${JSON.stringify(key)}:${stringifyWire(inner)}`,
    );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A form body: arrays become repeated keys, anything else its JSON text. */
function encodeForm(tree: WireValue): string {
  const text = (value: WireValue) =>
    encodeUrlText(typeof value === 'string' ? value : stringifyWire(value));
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree) || isRawJson(tree)) {
    return text(tree);
  }
  return Object.entries(tree)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${encodeUrlText(key)}=${text(item)}`),
    )
    .join('&');
}

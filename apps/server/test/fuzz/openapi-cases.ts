import fc from 'fast-check';
import {
  effectiveSchema,
  resourceKindOf,
  type JsonSchema,
  type Operation,
  type ResourceKind,
} from './openapi';
import {
  APP_HEADER_VALUES,
  AUTHORIZATION_VALUES,
  hostileAuthorization,
  hostileBody,
  hostileContentType,
  hostileHeaderValue,
  hostileJson,
  hostileString,
  hostileUrlValue,
  encodeUrlText,
  idRef,
  isIdRef,
  isRawJson,
  NASTY_ARRAYS,
  NASTY_BOOLEANS,
  NASTY_ENUM_VALUES,
  NASTY_NUMBERS,
  NASTY_OBJECTS,
  nastyStrings,
  NUL_TEXT,
  ODD_CONTENT_TYPES,
  ODD_ID_SPELLINGS,
  ODD_URL_VALUES,
  RAW_BODIES,
  WIRE_AUTHORIZATION_VALUES,
  type IdRef,
  type IdSpelling,
  type Owner,
  type UrlValue,
  type WireValue,
} from './values';

/** One change to an operation's valid request. Plain data, so a failure file can replay it. */
export type Mutation =
  | { kind: 'path'; name: string; value: UrlValue }
  /** `null` leaves the parameter out. */
  | { kind: 'query'; name: string; value: UrlValue | null }
  | { kind: 'query-extra'; name: string; value: UrlValue }
  | { kind: 'field'; path: string[]; value: WireValue }
  | { kind: 'omit-field'; path: string[] }
  | { kind: 'body'; text: string; encoding: 'utf8' | 'latin1' }
  /** `null` leaves the header out. */
  | { kind: 'header'; name: string; value: string | null };

export interface FuzzCase {
  operation: string;
  mutations: Mutation[];
  /** `socket` sends the request through a real TCP connection instead of `app.inject`. */
  transport: 'inject' | 'socket';
}

/** A field that names a resource, wherever it sits in the request. */
interface IdField {
  location: 'path' | 'query' | 'body';
  name: string;
  /** For body fields: the path to the field. */
  path: string[];
  kind: ResourceKind;
  schema: JsonSchema;
}

export function idFieldsOf(operation: Operation): IdField[] {
  const fields: IdField[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'header') continue;
    const kind = resourceKindOf(operation.path, parameter.name, parameter.schema);
    if (kind) {
      fields.push({
        location: parameter.in,
        name: parameter.name,
        path: [],
        kind,
        schema: parameter.schema,
      });
    }
  }
  for (const field of bodyFieldsOf(operation)) {
    const name = field.path[field.path.length - 1] ?? '';
    const kind = resourceKindOf(operation.path, name, field.schema);
    if (kind) fields.push({ location: 'body', name, path: field.path, kind, schema: field.schema });
  }
  return fields;
}

/** Every field of the body schema, nested ones and the first element of arrays included. */
function bodyFieldsOf(operation: Operation): { path: string[]; schema: JsonSchema }[] {
  const fields: { path: string[]; schema: JsonSchema }[] = [];
  const walk = (schema: JsonSchema, path: string[]) => {
    const effective = effectiveSchema(schema);
    for (const [name, property] of Object.entries(effective.properties ?? {})) {
      const fieldPath = [...path, name];
      fields.push({ path: fieldPath, schema: property });
      const inner = effectiveSchema(property);
      if (inner.type === 'object') walk(inner, fieldPath);
      if (inner.type === 'array' && inner.items) {
        fields.push({ path: [...fieldPath, '0'], schema: inner.items });
      }
    }
  };
  if (operation.body) walk(operation.body.schema, []);
  return fields;
}

/** Values of the field's own type that have broken servers before. */
function nastyValuesFor(schema: JsonSchema): WireValue[] {
  const effective = effectiveSchema(schema);
  if (effective.enum?.length) return NASTY_ENUM_VALUES;
  switch (effective.type) {
    case 'integer':
    case 'number':
      return NASTY_NUMBERS;
    case 'boolean':
      return NASTY_BOOLEANS;
    case 'array':
      return NASTY_ARRAYS;
    case 'object':
      return NASTY_OBJECTS;
    default:
      return nastyStrings(effective.maxLength);
  }
}

const READS = new Set(['GET']);

/** Whether a valid request must carry the resource's current version (an optimistic lock). */
export function hasVersionField(operation: Operation): boolean {
  return bodyFieldsOf(operation).some(({ path }) => path.length === 1 && path[0] === 'version');
}

/** The fixed set every run sends first: each known nasty value in each field. */
export function nastyCases(operation: Operation): FuzzCase[] {
  const mutations: Mutation[][] = [];
  for (const parameter of operation.parameters) {
    const name = parameter.name;
    if (parameter.in === 'path') {
      mutations.push(...ODD_URL_VALUES.map((value) => [{ kind: 'path' as const, name, value }]));
    } else if (parameter.in === 'query') {
      mutations.push(
        ...[...ODD_URL_VALUES, '', null].map((value) => [{ kind: 'query' as const, name, value }]),
      );
      mutations.push([{ kind: 'query-extra', name, value: '1' }]);
    } else {
      mutations.push(...ODD_URL_VALUES.map((value) => [{ kind: 'header' as const, name, value }]));
    }
  }
  for (const field of bodyFieldsOf(operation)) {
    for (const value of nastyValuesFor(field.schema)) {
      mutations.push([{ kind: 'field', path: field.path, value }]);
    }
    mutations.push([{ kind: 'omit-field', path: field.path }]);
  }
  if (operation.body) {
    mutations.push([{ kind: 'field', path: ['unexpected_field'], value: NUL_TEXT }]);
    mutations.push(...RAW_BODIES.map((body) => [{ kind: 'body' as const, ...body }]));
    const otherTypes = ODD_CONTENT_TYPES.filter((type) => type !== operation.body?.contentType);
    mutations.push(
      ...otherTypes.map((value) => [{ kind: 'header' as const, name: 'content-type', value }]),
    );
  } else {
    mutations.push([
      { kind: 'header', name: 'content-type', value: 'application/json' },
      { kind: 'body', text: '{', encoding: 'utf8' },
    ]);
  }
  for (const value of AUTHORIZATION_VALUES) {
    mutations.push([{ kind: 'header', name: 'authorization', value }]);
  }
  const isRead = READS.has(operation.method);
  for (const { name, value, methods } of APP_HEADER_VALUES) {
    if (methods === 'all' || (methods === 'reads') === isRead) {
      mutations.push([{ kind: 'header', name, value }]);
    }
  }
  const cases = mutations.map((list) => injected(operation, list));
  for (const value of WIRE_AUTHORIZATION_VALUES) {
    cases.push({
      operation: operation.key,
      mutations: [{ kind: 'header', name: 'authorization', value }],
      transport: 'socket',
    });
  }
  return cases;
}

/**
 * Phase 1's fixed set: the valid request naming the member's resources, then each id field in
 * every spelling that coerces to the same id, another of the member's ids, and one of the
 * caller's own (so that a route checking only its first id is caught).
 */
export function foreignIdCases(operation: Operation): FuzzCase[] {
  const cases = [injected(operation, [])];
  for (const field of idFieldsOf(operation)) {
    if (field.kind === 'code') continue;
    const refs: IdRef[] = [
      ...ODD_ID_SPELLINGS.map((spelling) => idRef(field.kind, 'foreign', 0, spelling)),
      idRef(field.kind, 'foreign', 1),
      idRef(field.kind, 'own', 0),
    ];
    for (const ref of refs) cases.push(injected(operation, [setIdField(field, ref)]));
  }
  return cases;
}

function setIdField(field: IdField, ref: IdRef): Mutation {
  if (field.location === 'path') return { kind: 'path', name: field.name, value: ref };
  if (field.location === 'query') return { kind: 'query', name: field.name, value: ref };
  const isArray = effectiveSchema(field.schema).type === 'array';
  return { kind: 'field', path: field.path, value: isArray ? [ref] : ref };
}

const injected = (operation: Operation, mutations: Mutation[]): FuzzCase => ({
  operation: operation.key,
  mutations,
  transport: 'inject',
});

const SPELLINGS: IdSpelling[] = ['plain', ...ODD_ID_SPELLINGS];

/** Random cases: one to three mutations drawn from every kind the operation offers. */
export function randomCaseArbitrary(operation: Operation, owners: Owner[]): fc.Arbitrary<FuzzCase> {
  const idFields = idFieldsOf(operation);
  const kindOf = (location: IdField['location'], name: string) =>
    idFields.find((field) => field.location === location && field.name === name)?.kind;
  const refArbitrary = (kind: ResourceKind) =>
    fc
      .record({
        owner: fc.constantFrom(...owners),
        index: fc.nat(3),
        spelling:
          kind === 'code' ? fc.constant<IdSpelling>('plain') : fc.constantFrom(...SPELLINGS),
      })
      .map(({ owner, index, spelling }) => idRef(kind, owner, index, spelling));
  const urlValue = (location: 'path' | 'query', name: string): fc.Arbitrary<UrlValue> => {
    const kind = kindOf(location, name);
    return kind ? fc.oneof(hostileUrlValue, refArbitrary(kind)) : hostileUrlValue;
  };

  const choices: fc.Arbitrary<Mutation>[] = [
    hostileAuthorization.map((value) => ({ kind: 'header', name: 'authorization', value })),
    fc
      .tuple(fc.constantFrom(...APP_HEADER_VALUES.map(({ name }) => name)), hostileHeaderValue)
      .map(([name, value]) => ({ kind: 'header', name, value })),
    hostileBody.map((body) => ({ kind: 'body', ...body })),
    hostileContentType.map((value) => ({ kind: 'header', name: 'content-type', value })),
    fc
      .tuple(hostileString, hostileUrlValue)
      .map(([name, value]) => ({ kind: 'query-extra', name: encodeUrlText(name), value })),
  ];
  for (const parameter of operation.parameters) {
    const { name } = parameter;
    if (parameter.in === 'path') {
      choices.push(urlValue('path', name).map((value) => ({ kind: 'path', name, value })));
    } else if (parameter.in === 'query') {
      choices.push(
        fc
          .option(urlValue('query', name), { nil: null })
          .map((value) => ({ kind: 'query', name, value })),
        urlValue('query', name).map((value) => ({ kind: 'query-extra', name, value })),
      );
    }
  }
  const fields = bodyFieldsOf(operation);
  if (fields.length > 0) {
    choices.push(
      fc.constantFrom(...fields).chain((field) => {
        const name = field.path[field.path.length - 1] ?? '';
        const kind = resourceKindOf(operation.path, name, field.schema);
        const value = kind ? fc.oneof(hostileJson, refArbitrary(kind)) : hostileJson;
        return value.map((item): Mutation => ({ kind: 'field', path: field.path, value: item }));
      }),
      fc.constantFrom(...fields).map(({ path }): Mutation => ({ kind: 'omit-field', path })),
      fc
        .tuple(hostileString, hostileJson)
        .map(([key, value]): Mutation => ({ kind: 'field', path: [key], value })),
    );
  }
  return fc
    .record({
      mutations: fc.array(fc.oneof(...choices), { minLength: 1, maxLength: 3 }),
      // One case in ten goes through a real socket, where Node's HTTP parser sees it first.
      viaSocket: fc.integer({ min: 0, max: 9 }).map((draw) => draw === 0),
    })
    .map(({ mutations, viaSocket }) => ({
      operation: operation.key,
      mutations,
      transport:
        viaSocket && Buffer.byteLength(JSON.stringify(mutations)) <= SOCKET_CASE_LIMIT_BYTES
          ? 'socket'
          : 'inject',
    }));
}

/**
 * A socket case stays well within one read of the server (64 KiB): a server that refuses a request
 * it has not read to the end resets the connection, and the reset can destroy its answer before
 * the client reads it. Bigger cases go through `app.inject`.
 */
const SOCKET_CASE_LIMIT_BYTES = 32_000;

/** A short, readable account of a case for reports: `body.name = "a\u0000b"`. */
export function describeCase(fuzzCase: FuzzCase): string {
  if (fuzzCase.mutations.length === 0) return 'the valid request';
  const parts = fuzzCase.mutations.map((mutation) => {
    switch (mutation.kind) {
      case 'path':
        return `path ${mutation.name} = ${shorten(mutation.value)}`;
      case 'query':
        return mutation.value === null
          ? `query ${mutation.name} left out`
          : `query ${mutation.name} = ${shorten(mutation.value)}`;
      case 'query-extra':
        return `extra query ${mutation.name} = ${shorten(mutation.value)}`;
      case 'field':
        return `body.${mutation.path.join('.')} = ${shorten(mutation.value)}`;
      case 'omit-field':
        return `body.${mutation.path.join('.')} left out`;
      case 'body':
        return `body ${shorten(mutation.text)}${mutation.encoding === 'latin1' ? ' (bytes)' : ''}`;
      case 'header':
        return mutation.value === null
          ? `header ${mutation.name} left out`
          : `header ${mutation.name}: ${shorten(mutation.value)}`;
    }
  });
  return `${parts.join('; ')}${fuzzCase.transport === 'socket' ? ' (over a socket)' : ''}`;
}

function shorten(value: unknown): string {
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (isIdRef(inner)) {
      const { owner, kind, index, spelling } = inner.$fuzzId;
      return `<${owner} ${kind} #${index}${spelling === 'plain' ? '' : `, ${spelling}`}>`;
    }
    return isRawJson(inner) ? `<json ${inner.$fuzzRaw}>` : inner;
  });
  return text.length <= 90 ? text : `${text.slice(0, 60)}… (${text.length} characters)`;
}

import fc from 'fast-check';
import type { Operation, Parameter, Schema } from './fuzzSpec';

/** Requests drawn from an operation's schemas for the fuzzer (fuzz.ts): valid most of the time, hostile otherwise. */

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

// ---------------------------------------------------------------------------------------------
// Values

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf'];

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '9007199254740993',
    '0x10',
    'true',
    '[]',
    '{}',
    '../../etc/passwd',
    '%00',
    '%2F%09%2Fevil.example',
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '${7*7}',
    '\u202e\u0645\u0631\u062d\u0628\u0627',
    '👩‍⚕️🧪',
    'Z\u0351\u0360\u035e',
    '\ud800',
    '2026-02-30',
    '2026-13-01T25:61:00Z',
    '9999-12-31',
    '0000-00-00',
    'a@b',
    'user@example.test',
    ...PROTOTYPE_KEYS,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, -2147483649, 2147483648, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value, including objects whose keys name Object.prototype members. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    hostileString,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_KEYS)), tie('v'), { maxKeys: 4 }),
  ),
})).v;

/** A value of the schema most of the time; a hostile one (of any type) otherwise. */
function fromSchema(schema: Schema, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: validValue(schema, pools, depth), weight: 11 }, { arbitrary: hostileValue(schema), weight: 1 });
}

function hostileValue(schema: Schema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const asString = (a: fc.Arbitrary<unknown>) => a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x) ?? ''));
  return fc.oneof(
    anyJson,
    // numbers as strings and strings as numbers
    type === 'integer' || type === 'number' ? asString(hostileNumber) : hostileNumber,
    // an array for an object, an object for an array
    type === 'object' ? fc.array(anyJson, { maxLength: 3 }) : fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 3 }),
    hostileString,
  );
}

function validValue(schema: Schema, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (variants?.length) return fc.oneof(...variants.map((v) => validValue(v, pools, depth)));
  if (Array.isArray(schema.allOf)) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf as Schema[]) {
      Object.assign(merged.properties as Schema, part.properties ?? {});
      (merged.required as string[]).push(...((part.required as string[]) ?? []));
    }
    return validValue(merged, pools, depth);
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  const nullable = types.includes('null') || schema.nullable === true;
  const inner = (() => {
    switch (type) {
      case 'string':
        return stringValue(schema, pools);
      case 'integer':
        return fc.oneof(fc.integer({ min: (schema.minimum as number) ?? -5, max: (schema.maximum as number) ?? 100 }), pools.ints);
      case 'number':
        return fc.oneof(fc.double({ min: (schema.minimum as number) ?? -10, max: (schema.maximum as number) ?? 1000, noNaN: true }), fc.integer({ min: 0, max: 100 }));
      case 'boolean':
        return fc.boolean();
      case 'array':
        if (depth > 5) return fc.constant([]);
        return fc.array(fromSchema((schema.items as Schema) ?? {}, pools, depth + 1), { maxLength: Math.min((schema.maxItems as number) ?? 4, 4) });
      case 'object': {
        if (depth > 5) return fc.constant({});
        const props = (schema.properties ?? {}) as Record<string, Schema>;
        const required = new Set((schema.required as string[]) ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(props)) record[k] = fromSchema(v, pools, depth + 1);
        const requiredKeys = Object.keys(props).filter((k) => required.has(k));
        const obj = fc.record(record, { requiredKeys });
        // Now and then a required key is missing, or an unknown or prototype key is added.
        const extra = fc.oneof({ arbitrary: fc.constant(null), weight: 10 }, { arbitrary: fc.constantFrom(...Object.keys(props), 'unknownField', ...PROTOTYPE_KEYS), weight: 1 });
        return fc.tuple(obj, extra, anyJson).map(([o, key, v]) => {
          const copy: Record<string, unknown> = { ...(o as Record<string, unknown>) };
          if (key === null) return copy;
          if (key in props) delete copy[key];
          else Object.defineProperty(copy, key, { value: v, enumerable: true, writable: true, configurable: true });
          return copy;
        });
      }
      default:
        return anyJson;
    }
  })();
  return nullable ? fc.option(inner, { freq: 6 }) : inner;
}

function stringValue(schema: Schema, pools: Pools): fc.Arbitrary<string> {
  const max = Math.min((schema.maxLength as number) ?? 40, 60);
  const min = Math.min((schema.minLength as number) ?? 0, max);
  switch (schema.format) {
    case 'email':
      return fc.oneof(fc.emailAddress(), pools.emails);
    case 'date':
      return fc.oneof(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        fc.constantFrom('1990-05-05', new Date(Date.now() + 3 * 86400000).toISOString().slice(0, 10)),
      );
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    default:
      return fc.oneof(
        { arbitrary: fc.string({ minLength: min, maxLength: max }), weight: 3 },
        { arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }), weight: 1 },
        { arbitrary: pools.strings, weight: 2 },
      );
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface Identities {
  patientToken: string;
  otherToken: string;
  staffToken: string;
  emails: string[];
  ids: Record<string, string[]>;
}

interface Pools {
  ints: fc.Arbitrary<number>;
  strings: fc.Arbitrary<string>;
  emails: fc.Arbitrary<string>;
}

function pathValue(name: string, schema: Schema, who: Identities): fc.Arbitrary<string> {
  const known = who.ids[name] ?? who.ids[name.toLowerCase()] ?? [];
  const generic = fc.oneof(
    fc.integer({ min: -2, max: 60 }).map(String),
    fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999', 'constructor', '__proto__', 'toString', 'null', '%00', 'a%2Fb', '..', 'x'.repeat(500), '%C5%81', '%F0%9F%A7%AA'),
    fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  );
  const typed = schema.type === 'integer' ? fc.integer({ min: 1, max: 40 }).map(String) : fc.string({ minLength: 1, maxLength: 16 }).map(encodeURIComponent);
  return known.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 5 }, { arbitrary: typed, weight: 1 }, { arbitrary: generic, weight: 2 }) : fc.oneof(typed, generic);
}

function queryValue(p: Parameter, who: Identities, pools: Pools): fc.Arbitrary<string | string[]> {
  const known = who.ids[p.name] ?? [];
  const one = fc.oneof(
    { arbitrary: validValue(p.schema, pools, 0).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')), weight: 4 },
    { arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('1'), weight: known.length ? 4 : 1 },
    { arbitrary: hostileString, weight: 2 },
  );
  return fc.oneof({ arbitrary: one, weight: 9 }, { arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }), weight: 1 });
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'x-application/hl7-v2+er7',
  'application/hl7-v2',
  '',
  'application/json;;;',
  '*/*',
];

export function requestArbitrary(op: Operation, who: Identities): fc.Arbitrary<FuzzRequest> {
  const pools: Pools = {
    ints: fc.constantFrom(...Object.values(who.ids).flat().map(Number).filter(Number.isInteger), 1, 2, 3),
    strings: fc.constantFrom(...Object.values(who.ids).flat(), 'warsaw-mokotow', 'PL', '02-715', 'tsh'),
    emails: fc.constantFrom(...who.emails),
  };
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const pathArb = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p.name, p.schema, who)])));
  const queryArb = fc.tuple(
    fc.record(Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p, who, pools)])), { requiredKeys: [] }),
    fc.oneof(
      { arbitrary: fc.constant(null), weight: 8 },
      { arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'laboratoryId', 'x', 'a[b]', 'a.b', ''), fc.string({ maxLength: 6 })), hostileString), weight: 1 },
    ),
  );
  const auth = fc.oneof(
    { arbitrary: fc.constant(`Bearer ${who.patientToken}`), weight: 10 },
    { arbitrary: fc.constant(`Bearer ${who.staffToken}`), weight: 4 },
    { arbitrary: fc.constant(`Bearer ${who.otherToken}`), weight: 1 },
    { arbitrary: fc.constant(null), weight: 2 },
    { arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(5000)}`, 'Bearer \u00ff\u00fe', `bearer ${who.patientToken}`, `Bearer ${who.patientToken} extra`), weight: 1 },
    { arbitrary: fc.string({ maxLength: 30 }).map((s) => `Bearer ${s}`), weight: 1 },
  );
  const jsonType = op.contentTypes[0] ?? 'application/json';
  const contentType = fc.oneof({ arbitrary: fc.constant(jsonType), weight: 8 }, { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 2 });
  const schemaBody = op.body ? fromSchema(op.body, pools) : anyJson;
  const body = fc.oneof(
    { arbitrary: schemaBody.map((v) => ({ text: JSON.stringify(v) ?? 'null' })), weight: op.body ? 12 : 2 },
    { arbitrary: anyJson.map((v) => ({ text: JSON.stringify(v) ?? 'null' })), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        '[',
        'null',
        '"string"',
        '42',
        '{"__proto__": {"admin": true}}',
        '{"constructor": {"prototype": {"x": 1}}}',
        '\u0000',
        '\ufeff{}',
        '{"a": 1, "a": 2}',
        '{"a": 1e999}',
        'a=1&b=2',
        'MSH|^~\\&|LAB|X|SHOP|Y|20260101||ORU^R01|1|P|2.5.1',
      ).map((text) => ({ text })),
      weight: 2,
    },
    { arbitrary: fc.integer({ min: 200_000, max: 300_000 }).map((n) => ({ text: JSON.stringify({ x: 'y'.repeat(n) }) })), weight: 1 },
    // Deep nesting (arrays, objects, mixed, unclosed) and keys repeated many times.
    {
      arbitrary: fc
        .tuple(fc.constantFrom(20, 33, 1000, 6000, 12_000), fc.constantFrom('[', '{"a":', '[{"a":'), fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }))
        .map(([n, open, closed]) => ({ text: open.repeat(n) + (closed ? (open === '[' ? '' : '1') + (open === '[' ? ']' : open === '{"a":' ? '}' : '}]').repeat(n) : '') })),
      weight: 2,
    },
    { arbitrary: fc.tuple(fc.constantFrom('a', 'email', 'password', '__proto__', 'laboratoryId'), fc.integer({ min: 2, max: 5000 })).map(([key, n]) => ({ text: `{${Array.from({ length: n }, (_, i) => `"${key}":${i}`).join(',')}}` })), weight: 1 },
    { arbitrary: fc.constant({ text: undefined as string | undefined }), weight: 2 },
  );
  const extraHeaders = fc.record(
    {
      'accept-language': fc.constantFrom('pl', 'ru', 'en', 'xx', '*', 'pl-PL,pl;q=0.9', '\u00ff', 'a'.repeat(300)),
      'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('', 'unknown', 'a'.repeat(300), '1.2.3.4, 5.6.7.8')),
      'idempotency-key': fc.oneof(fc.uuid(), hostileString.filter((s) => /^[\u0020-\u007e]*$/.test(s) && s.length < 2000)),
    },
    { requiredKeys: [] },
  );
  const headerValues = fc.record(Object.fromEntries(headerParams.map((p) => [p.name, fc.oneof(fc.uuid(), fc.string({ maxLength: 20 }).filter((s) => /^[\u0020-\u007e]*$/.test(s)))])), { requiredKeys: [] });
  const method = fc.oneof({ arbitrary: fc.constant(op.method), weight: 19 }, { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), weight: 1 });
  return fc.record({ method, pathArb, queryArb, auth, contentType, body, extraHeaders, headerValues }).map((r) => {
    let url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => (r.pathArb as Record<string, string>)[name] ?? '1');
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(r.queryArb[0] as Record<string, string | string[]>)) for (const one of [v].flat()) search.append(k, one);
    if (r.queryArb[1]) search.append(r.queryArb[1][0], r.queryArb[1][1]);
    const qs = search.toString();
    if (qs) url += `?${qs}`;
    const headers: Record<string, string> = { accept: 'application/json', ...(r.extraHeaders as Record<string, string>), ...(r.headerValues as Record<string, string>) };
    if (r.auth) headers.authorization = r.auth;
    const sendsBody = r.body.text !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
    if (sendsBody && r.contentType) headers['content-type'] = r.contentType;
    return { method: r.method, url, headers: sendable(headers), body: sendsBody ? r.body.text : undefined };
  });
}

/** Header values a client can send at all (HTTP allows bytes 0x20-0xFF and tab); others are percent-encoded. */
function sendable(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, /^[\t\u0020-\u007e\u0080-\u00ff]*$/.test(v) ? v.trim() : encodeURIComponent(v)]));
}

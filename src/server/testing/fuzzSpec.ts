import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

/** The operations of docs/openapi.yaml, with their schemas resolved, for the fuzzer (fuzz.ts). */

export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** `/api/backend/patient/{patientId}` */
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  contentTypes: string[];
  /** The media types its documented answers may have besides JSON (PDF, XML, FHIR, iCalendar, HL7, event stream). */
  responseTypes: string[];
}

const SPEC_FILE = path.join(process.cwd(), 'docs', 'openapi.yaml');

// ---------------------------------------------------------------------------------------------
// The description

interface Spec {
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas?: Record<string, Schema>; parameters?: Record<string, Schema> };
}

function resolve(spec: Spec, node: unknown): Schema {
  let n = node as Schema;
  for (let i = 0; i < 20 && n && typeof n.$ref === 'string'; i++) {
    const parts = (n.$ref as string).replace(/^#\//, '').split('/');
    let target: unknown = spec;
    for (const p of parts) target = (target as Record<string, unknown>)?.[p];
    n = target as Schema;
  }
  return n ?? {};
}

export function loadOperations(file = SPEC_FILE): Operation[] {
  const spec = yaml.load(fs.readFileSync(file, 'utf8')) as Spec;
  const base = spec.servers[0]?.url ?? '';
  const out: Operation[] = [];
  for (const [p, item] of Object.entries(spec.paths)) {
    const shared = ((item.parameters as unknown[]) ?? []).map((x) => resolve(spec, x));
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const params = [...shared, ...((op.parameters as unknown[]) ?? []).map((x) => resolve(spec, x))].map((x) => ({
        name: String(x.name),
        in: x.in as Parameter['in'],
        required: Boolean(x.required) || x.in === 'path',
        schema: resolve(spec, x.schema ?? {}),
      }));
      const content = (resolve(spec, op.requestBody ?? {}).content ?? {}) as Record<string, { schema?: unknown }>;
      const json = content['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path: base + p,
        parameters: params,
        body: json ? deref(spec, json, 0) : Object.keys(content).length ? { type: 'string' } : null,
        contentTypes: Object.keys(content),
        responseTypes: responseTypes(spec, op),
      });
    }
  }
  return out;
}

/** Every media type named by the operation's documented answers. */
function responseTypes(spec: Spec, op: Schema): string[] {
  const types = new Set<string>();
  for (const r of Object.values((op.responses ?? {}) as Record<string, unknown>)) {
    for (const t of Object.keys((resolve(spec, r).content ?? {}) as Record<string, unknown>)) types.add(t.toLowerCase());
  }
  return [...types];
}

/** The schema with every $ref replaced (depth-limited). */
function deref(spec: Spec, node: unknown, depth: number): Schema {
  const n = resolve(spec, node);
  if (depth > 8 || typeof n !== 'object' || n === null) return n;
  const out: Schema = {};
  for (const [k, v] of Object.entries(n)) {
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v).map(([pk, pv]) => [pk, deref(spec, pv, depth + 1)]));
    } else if ((k === 'items' || k === 'additionalProperties') && v && typeof v === 'object') {
      out[k] = deref(spec, v, depth + 1);
    } else if ((k === 'oneOf' || k === 'anyOf' || k === 'allOf') && Array.isArray(v)) {
      out[k] = v.map((x) => deref(spec, x, depth + 1));
    } else out[k] = v;
  }
  return out;
}

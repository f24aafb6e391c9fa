/**
 * The corpus's largest output schema (by bytes of its JSON, among ../shared/catalogs and the GitHub
 * corpus of openapi-catalog.ts) and a realistic value that passes it: what the validation benches
 * measure on. The value is json-schema-faker's, seeded, with every optional property filled (as a
 * REST API fills its responses), so every run measures on the same bytes.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import type { JsonObject, JsonValue } from '../../src/snapshot/types.js';
import { sharedCatalogs } from '../../test/helpers/paths.js';
import { openapiCatalog } from './openapi-catalog.js';

export interface LargestOutput {
  /** Where it comes from: a shared catalog's file name, or `GitHub REST corpus`. */
  source: string;
  /** The tool whose output schema it is, as listed (name, description, input and output schema). */
  tool: JsonObject;
  schema: JsonObject;
  bytes: number;
}

const isObject = (v: unknown): v is JsonObject =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export function largestOutput(): LargestOutput {
  const candidates: Array<{ source: string; tools: JsonObject[] }> = [
    { source: 'GitHub REST corpus', tools: openapiCatalog().tools as JsonObject[] },
    ...sharedCatalogs().files.map((file) => ({
      source: basename(file),
      tools: ((JSON.parse(readFileSync(file, 'utf8')) as { tools?: JsonObject[] }).tools ??
        []) as JsonObject[],
    })),
  ];
  let best: LargestOutput | undefined;
  for (const { source, tools } of candidates)
    for (const tool of tools) {
      const schema = tool['outputSchema'];
      if (!isObject(schema)) continue;
      const bytes = Buffer.byteLength(JSON.stringify(schema));
      if (best === undefined || bytes > best.bytes) best = { source, tool, schema, bytes };
    }
  if (best === undefined) throw new Error('no output schema in the corpus');
  return best;
}

/**
 * A value for `schema` from json-schema-faker with `seed`, the first of the seeds from there on
 * that `accepts` (the validator the bench measures; a faker value may miss a format or a pattern).
 */
export function realisticValue(
  schema: JsonObject,
  accepts: (value: unknown) => boolean,
  seed = 1,
): { value: JsonValue; seed: number } {
  for (let attempt = seed; attempt < seed + 20; attempt++) {
    const value = generateSync(structuredClone(schema) as JsonSchema, {
      seed: attempt,
      optionalsProbability: 1,
      maxDepth: 6,
      maxDefaultItems: 3,
      propAliases: { definitions: '$defs' },
    }) as JsonValue;
    if (accepts(value)) return { value, seed: attempt };
  }
  throw new Error(`json-schema-faker made no accepted value in 20 seeds from ${seed}`);
}

/**
 * The schema as Ajv compiles it: Ajv implements OpenAPI's `nullable` and refuses the schema when a
 * `nullable` stands without a `type`, a keyword JSON Schema (and @cfworker/json-schema) ignores.
 * Dropping exactly those keeps the verdicts and lets the oracle be timed on the same schema.
 */
export function forAjv(schema: JsonValue): JsonValue {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema))
    if (!(key === 'nullable' && typeof value === 'boolean' && schema['type'] === undefined))
      out[key] = forAjv(value);
  return out;
}

import { createHash } from 'node:crypto';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import type { JsonObject } from '../shared/json.js';
import type { SchemaCheck } from './schema-check.js';

/** Seeds tried before giving up on a schema whose data keeps failing its own checks. */
const ATTEMPTS = 8;

/**
 * Data for a schema, made by json-schema-faker: branch 0 of a top-level `anyOf` or `oneOf` (the
 * documented payload, as the generated client types it), checked against the whole schema. The
 * mock answers a call with it (for the tool's output schema, keyed by the call's arguments) and the
 * docs show an example call with it (for the input schema). The seed comes from `seed`, `key` and
 * `args`, so the same schema gets the same data in every run and in any order of calls.
 * json-schema-faker resolves local `$ref`s only in `generateSync` (a remote one throws; nothing is
 * fetched). Undefined when no attempt is valid. `fromSchema` prefers the schema's own `default`
 * and `examples` values to made-up ones (the docs' choice: a reader recognises them).
 */
export function generatedValue(
  schema: JsonObject,
  check: SchemaCheck,
  seed: number,
  key: string,
  args: unknown,
  fromSchema = false,
): unknown {
  const target = documentedBranch(schema);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let value: unknown;
    try {
      value = generateSync(structuredClone(target) as JsonSchema, {
        seed: seedOf(seed, key, args, attempt),
        optionalsProbability: 0.5,
        maxDepth: 6,
        maxDefaultItems: 3,
        propAliases: { definitions: '$defs' },
        ...(fromSchema ? { useDefaultValue: true, useExamplesValue: true } : {}),
      });
    } catch {
      continue;
    }
    if (check(value).length === 0) return value;
  }
  return undefined;
}

/** The schema with a top-level `anyOf`/`oneOf` narrowed to its first branch (siblings kept). */
function documentedBranch(schema: JsonObject): JsonObject {
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf;
  if (!Array.isArray(branches) || branches.length === 0) return schema;
  const { anyOf: _any, oneOf: _one, allOf, ...rest } = schema;
  return { ...rest, allOf: [...(Array.isArray(allOf) ? allOf : []), branches[0]!] };
}

function seedOf(seed: number, key: string, args: unknown, attempt: number): number {
  const digest = createHash('sha256')
    .update(`${seed}\0${key}\0${JSON.stringify(args ?? {})}\0${attempt}`)
    .digest();
  return digest.readUInt32BE(0);
}

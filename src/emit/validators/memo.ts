import { createHash } from 'node:crypto';
import type { JsonObject } from '../../snapshot/types.js';
import { compileStandalone, type Compiled, type Tuning } from './compile.js';

/**
 * Compiled validators from an earlier run (`known`) and the ones this run used (`used`, to keep), by
 * the digest of the tuning and the schema's text. Ajv's compilation is the largest single cost of a
 * cold run, and a one-tool change leaves every other schema as it was. The memo is scoped to one
 * generator build (Ajv's version is part of it) by whoever stores it, and never needed for correctness.
 */
export interface CompileMemo {
  readonly known: ReadonlyMap<string, Compiled>;
  readonly used: Map<string, Compiled>;
}

/** `compileStandalone`, answered from the memo when the same schema was compiled before. */
export function compileMemoized(
  schema: JsonObject,
  schemaText: string | undefined,
  tuning: Tuning,
  memo: CompileMemo | undefined,
  linked = false,
): Compiled {
  if (memo === undefined || schemaText === undefined)
    return compileStandalone(schema, tuning, linked);
  const key = createHash('sha256')
    .update(JSON.stringify(tuning))
    .update(linked ? '\nlinked\n' : '\n')
    .update(schemaText);
  const digest = key.digest('hex');
  const compiled = memo.known.get(digest) ?? compileStandalone(schema, tuning, linked);
  memo.used.set(digest, compiled);
  return compiled;
}

/** A memo entry as JSON (the helper set as a sorted list). */
export function compiledToJson(compiled: Compiled): unknown {
  return compiled.ok ? { ...compiled, helpers: [...compiled.helpers].sort() } : compiled;
}

/** A memo entry read back; undefined for anything that is not exactly what `compiledToJson` writes. */
export function compiledFromJson(value: unknown): Compiled | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (v.ok === false)
    return typeof v.reason === 'string' ? { ok: false, reason: v.reason } : undefined;
  const strings = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((s) => typeof s === 'string');
  if (v.ok !== true || typeof v.body !== 'string' || typeof v.validateName !== 'string')
    return undefined;
  if (!strings(v.helpers) || !strings(v.unknownFormats)) return undefined;
  return {
    ok: true,
    body: v.body,
    validateName: v.validateName,
    helpers: new Set(v.helpers),
    unknownFormats: v.unknownFormats,
  };
}

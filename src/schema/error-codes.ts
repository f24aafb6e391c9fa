import type { ErrorCodeConfig } from '../config/types.js';
import { derefSchema } from './refs.js';
import { isObject } from '../shared/json.js';
import type { JsonObject, JsonValue, Tool } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';

/** How a coded error is recognised in a result payload. */
type ErrorCodeSource =
  /** `anyOf` branch N>0 requiring only `key`, a leading-underscore key: `{ "_budget_exceeded": true, ... }`. */
  | { kind: 'envelope-key'; key: string; branch: number }
  /** A branch (or the payload) whose `property` (one of `CODE_PROPERTIES`) is a const or enum. */
  | { kind: 'property-value'; property: string; branch: number }
  /** From the config (a published error catalog). */
  | { kind: 'config'; scope: 'server' | 'tool' };

export interface ErrorCode {
  code: string;
  description?: string;
  source: ErrorCodeSource;
}

/**
 * The payload keys that carry an error code, most specific first: the one list the generator (codes
 * and error branches), the lint (`error-branch-uncoded`) and the mock read. The runtime restates it
 * as `CODE_KEYS` (templates/runtime-classify.ts: generated code imports nothing), and reads an `error`
 * object's `code` besides; test/runtime-conventions.test.ts holds the two equal.
 */
export const CODE_PROPERTIES = ['code', 'errorCode', 'error_code', 'error'] as const;

/**
 * What a code is: a token (no spaces, at most 64 characters). A sentence under a code key is a
 * message (`{ "error": "No accounts found. Please login first." }`), never a code, here, in the lint
 * and at run time (restated as templates/runtime-classify.ts `CODE_TOKEN`).
 */
export const CODE_TOKEN = /^[A-Za-z_$][A-Za-z0-9_.:$-]{0,63}$/;

export const isCodeToken = (value: unknown): value is string =>
  typeof value === 'string' && CODE_TOKEN.test(value);

/**
 * The coded errors a tool can return: from its outputSchema (branches after the first of an
 * `anyOf`/`oneOf`) and from the config. Sorted by code, one entry a code (first source wins, schema
 * before config), so the result is independent of branch and config key order.
 */
export function deriveErrorCodes(tool: Tool, config?: ErrorCodeConfig): ErrorCode[] {
  const found = new Map<string, ErrorCode>();
  const add = (entry: ErrorCode) => {
    if (!found.has(entry.code)) found.set(entry.code, entry);
  };
  const schema = tool.outputSchema;
  if (schema) {
    const branches = alternatives(schema);
    branches.forEach((branch, index) => {
      if (index === 0) return;
      const resolved = derefSchema(schema, branch);
      if (!isObject(resolved)) return;
      const key = envelopeKey(resolved);
      if (key)
        add({
          code: key,
          description: description(resolved),
          source: { kind: 'envelope-key', key, branch: index },
        });
      for (const property of CODE_PROPERTIES) {
        for (const value of constValues(schema, resolved, property).filter(isCodeToken)) {
          add({
            code: value,
            description: description(resolved),
            source: { kind: 'property-value', property, branch: index },
          });
        }
      }
    });
  }
  for (const [code, text] of Object.entries(config?.tools?.[tool.name] ?? {}))
    add({ code, description: text || undefined, source: { kind: 'config', scope: 'tool' } });
  for (const [code, text] of Object.entries(config?.server ?? {}))
    add({ code, description: text || undefined, source: { kind: 'config', scope: 'server' } });
  return [...found.values()].sort((a, b) => compareStrings(a.code, b.code));
}

/** The `anyOf` (or `oneOf`) branches of an output schema, or the schema itself as the only one. */
export function alternatives(schema: JsonObject): JsonValue[] {
  const list = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : undefined;
  return list && list.length > 0 ? list : [schema];
}

/** A branch that requires exactly one key, and that key starts with `_`: the server's soft-error convention. */
export function envelopeKey(branch: JsonObject): string | undefined {
  const required = Array.isArray(branch.required)
    ? branch.required.filter((r): r is string => typeof r === 'string')
    : [];
  return required.length === 1 && required[0]!.startsWith('_') && required[0]!.length > 1
    ? required[0]
    : undefined;
}

/** The string `const`/`enum` values of a branch's `property` (a code key), `$ref`s followed. */
export function constValues(root: JsonObject, branch: JsonObject, property: string): string[] {
  const props = isObject(branch.properties) ? branch.properties : undefined;
  const prop = props ? derefSchema(root, props[property] ?? null) : undefined;
  if (!isObject(prop)) return [];
  if (typeof prop.const === 'string') return [prop.const];
  if (Array.isArray(prop.enum)) return prop.enum.filter((v): v is string => typeof v === 'string');
  return [];
}

function description(branch: JsonObject): string | undefined {
  return typeof branch.description === 'string' ? branch.description : undefined;
}

import { createHash } from 'node:crypto';
import type { JsonValue, Tool } from '../snapshot/types.js';
import { sortKeys } from '../snapshot/write.js';
import { eraNeutralOutput } from './era.js';

/** The fields the run-time guard compares (templates/runtime-canonical.ts `CATALOG_FIELDS`), in its order. */
export const GUARD_FIELDS = [
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
] as const;
export type GuardField = (typeof GUARD_FIELDS)[number];

/**
 * Per field the tool declares, sha256 (first 128 bits, base64url: 22 characters) of its canonical
 * JSON with every key sorted (an output schema in its era-neutral form, see era.ts): what
 * templates/runtime-fingerprint.ts computes for a live tool. `tool` is already canonical
 * (the model's); `sortedJson` must give `JSON.stringify(sortKeys(value))`.
 */
export function guardFingerprint(
  tool: Tool,
  sortedJson: (value: JsonValue) => string = (value) => JSON.stringify(sortKeys(value)),
): Partial<Record<GuardField, string>> {
  const out: Partial<Record<GuardField, string>> = {};
  for (const field of GUARD_FIELDS) {
    const value =
      field === 'outputSchema' && tool.outputSchema !== undefined
        ? eraNeutralOutput(tool.outputSchema)
        : (tool[field] as JsonValue | undefined);
    if (value !== undefined)
      out[field] = createHash('sha256')
        .update(sortedJson(value))
        .digest()
        .subarray(0, 16)
        .toString('base64url');
  }
  return out;
}

/** The canonical tool without the output schema a shape or an override gave it: what the server lists. */
export function listedTool(tool: Tool, shaped: ReadonlyMap<string, unknown>): Tool {
  if (!shaped.has(tool.name)) return tool;
  const { outputSchema: _given, ...listed } = tool;
  return listed;
}

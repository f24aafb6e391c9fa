import type { ErrorCodeConfig } from '../config/types.js';
import { deriveErrorCodes, type ErrorCode } from '../schema/error-codes.js';
import type { JsonObject, JsonValue, Tool } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import type { FindingList } from './findings.js';
import { jsonEqual } from './json.js';
import { compareSchemas } from './schema-compare.js';

/**
 * A tool's output: the structural comparison (covariant) and its error codes. The coded error
 * envelopes of a root union (`anyOf: [payload, {required: ["_budget_exceeded"]}, ...]`) belong to
 * the error-code rules: a new envelope is `error-code-added`, not a widened output type. They are
 * blanked out (replaced by `false`, which keeps branch indices) before the structural comparison,
 * and envelopes with the same codes on both sides are compared with each other.
 */
export function compareOutput(
  base: Tool,
  head: Tool,
  entity: string,
  out: FindingList,
  config?: ErrorCodeConfig,
): void {
  const codesBase = deriveErrorCodes(base, config);
  const codesHead = deriveErrorCodes(head, config);
  compareCodes(codesBase, codesHead, entity, out);

  if (!base.outputSchema && !head.outputSchema) return;
  if (!head.outputSchema)
    return out.add('tool-output-schema-removed', entity, '/outputSchema', base.outputSchema!, null);
  if (!base.outputSchema)
    return out.add('tool-output-schema-added', entity, '/outputSchema', null, head.outputSchema);
  if (jsonEqual(base.outputSchema, head.outputSchema)) return;

  const b = splitEnvelopes(base.outputSchema, codesBase);
  const h = splitEnvelopes(head.outputSchema, codesHead);
  const changes = compareSchemas({
    direction: 'output',
    base: b.core,
    head: h.core,
    pointer: '/outputSchema',
    baseRoot: base.outputSchema,
    headRoot: head.outputSchema,
  });
  for (const [key, headEnvelope] of h.envelopes) {
    const baseEnvelope = b.envelopes.get(key);
    if (!baseEnvelope) continue;
    changes.push(
      ...compareSchemas({
        direction: 'output',
        base: baseEnvelope.node,
        head: headEnvelope.node,
        pointer: `/outputSchema/${h.keyword}/${headEnvelope.index}`,
        baseRoot: base.outputSchema,
        headRoot: head.outputSchema,
      }),
    );
  }
  for (const c of changes) out.add(c.id, entity, c.pointer, c.before, c.after);
}

function compareCodes(
  base: ErrorCode[],
  head: ErrorCode[],
  entity: string,
  out: FindingList,
): void {
  const before = new Set(base.map((c) => c.code));
  const after = new Set(head.map((c) => c.code));
  for (const code of [...before].sort(compareStrings))
    if (!after.has(code)) out.add('error-code-removed', entity, '/outputSchema', code, null);
  for (const code of [...after].sort(compareStrings))
    if (!before.has(code)) out.add('error-code-added', entity, '/outputSchema', null, code);
}

interface Envelopes {
  core: JsonObject;
  keyword: 'anyOf' | 'oneOf';
  /** Keyed by the branch's sorted codes. */
  envelopes: Map<string, { index: number; node: JsonValue }>;
}

function splitEnvelopes(schema: JsonObject, codes: ErrorCode[]): Envelopes {
  // Same choice of list as the results model's `alternatives`: anyOf first, then oneOf.
  const keyword = Array.isArray(schema.anyOf) ? 'anyOf' : 'oneOf';
  const branches = schema[keyword];
  const byBranch = new Map<number, string[]>();
  for (const c of codes) {
    if (c.source.kind === 'config') continue;
    byBranch.set(c.source.branch, [...(byBranch.get(c.source.branch) ?? []), c.code]);
  }
  if (!Array.isArray(branches) || byBranch.size === 0)
    return { core: schema, keyword, envelopes: new Map() };
  const envelopes = new Map<string, { index: number; node: JsonValue }>();
  for (const [index, list] of byBranch)
    envelopes.set(list.sort(compareStrings).join('\n'), { index, node: branches[index]! });
  return {
    core: { ...schema, [keyword]: branches.map((node, i) => (byBranch.has(i) ? false : node)) },
    keyword,
    envelopes,
  };
}

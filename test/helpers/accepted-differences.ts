/**
 * Where validation (templates/runtime-validate.ts, @cfworker/json-schema) and Ajv, the test oracle,
 * may give different verdicts, each with why. test/validation-differential.test.ts fails on any
 * disagreement none of these explains; CONTRIBUTING.md ("Validation") lists the same.
 */
import type { JsonObject } from '../../src/snapshot/types.js';
import type { ValidationIssue } from '../../templates/runtime.js';

export interface Disagreement {
  readonly schema: JsonObject;
  readonly value: unknown;
  readonly ours: readonly ValidationIssue[];
  readonly ajv: readonly ValidationIssue[];
}

/** The differences accepted, each with why; a disagreement none of them explains fails the test. */
export const ACCEPTED: ReadonlyArray<{
  readonly why: string;
  readonly explains: (d: Disagreement) => boolean;
}> = [
  {
    why: 'a schema Ajv cannot compile rejects every value with $compile; where @cfworker/json-schema can use it, it validates (e.g. a draft-2019 `$recursiveRef` or an unknown-vocabulary `$ref` Ajv refuses): more values judged, none wrongly',
    explains: (d) => d.ajv.length === 1 && d.ajv[0]!.keyword === '$compile',
  },
  {
    why: "an own `__proto__` property (JSON.parse makes one) is judged by the schema like any other property; Ajv's compiled code skips it or reports it as additional even where the schema declares it",
    explains: (d) =>
      JSON.stringify(d.value).includes('"__proto__":') &&
      [...d.ours, ...d.ajv].some((i) => /\/__proto__(\/|$)/.test(i.pointer)),
  },
  {
    why: 'Ajv overflows its stack on some recursive schemas (it throws); @cfworker/json-schema judges the value',
    explains: (d) => d.ajv.length === 1 && d.ajv[0]!.keyword === '$throws',
  },
  {
    why: 'a `$ref` that resolves only to a non-schema location (into `default`, `examples`, `const`) fails closed here; Ajv follows it',
    explains: (d) =>
      d.ours.length === 1 && d.ours[0]!.keyword === '$compile' && refsIntoData(d.schema),
  },
  {
    why: "a `$ref` that @cfworker/json-schema does not find where the document's base URI puts it (the schema holds it elsewhere, as nested `$defs`) fails closed with one $compile issue naming it: stricter, never wrongly valid",
    explains: (d) =>
      d.ours.length === 1 &&
      d.ours[0]!.keyword === '$compile' &&
      d.ours[0]!.message.includes('does not resolve inside the schema'),
  },
];

// Whether a `$ref` in the schema points below a keyword whose value is data, not a schema.
function refsIntoData(schema: unknown): boolean {
  return /"\$ref":"#[^"]*\/(default|examples|const|enum)(\/|")/.test(JSON.stringify(schema));
}

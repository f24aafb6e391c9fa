/**
 * mcp-codegen runtime: validators over the JSON Schemas in validators.ts, which are data. Each is
 * built by `@cfworker/json-schema` (an interpreting validator, copied into json-schema-*.ts: no
 * `new Function`, no `eval`) on its first use and kept; importing a generated file only allocates.
 * Its output units become `ValidationIssue`s: the leaf units (what failed where), with the structural
 * units above them (`properties`, `items`, `$ref`, `allOf`...) left out, and `required` pointing at
 * the missing property, so that a pointer names what to fix.
 */
import { dereference } from './json-schema-dereference.js';
import { format } from './json-schema-format.js';
import type { OutputUnit, Schema, SchemaDraft } from './json-schema-types.js';
import { validate } from './json-schema-validate.js';
import type { JsonSchema, ValidationIssue, Validator } from './runtime-spec.js';

const NO_ISSUES: readonly ValidationIssue[] = Object.freeze([]);

type Check = (value: unknown) => readonly ValidationIssue[];

/** JSON text, from a function so that a bundler can drop what an app never uses (validators.ts). */
export type JsonText = () => string;

/** Root definitions given by name, beside the schema's text: keyword (`$defs`), then name. */
export type JsonDefinitions = { readonly [keyword: string]: { readonly [name: string]: JsonText } };

/**
 * The validator of a JSON Schema: `source` is its JSON text (as validators.ts writes it, with its
 * shared root definitions in `definitions`) or the data itself. Built on its first call, then
 * reused; `schema` parses a fresh copy each time it is read, so nothing a caller changes reaches it.
 */
export function jsonSchemaValidator(
  source: JsonText | JsonSchema,
  definitions: JsonDefinitions = {},
): Validator {
  let check: Check | undefined;
  const schemaOf = () => parse(source, definitions);
  const validator = (value: unknown) => (check ??= build(schemaOf))(value);
  return Object.defineProperty(validator, 'schema', { get: schemaOf, enumerable: true });
}

// A fresh copy: the validator annotates the schemas it reads, and the data stays as the server sent
// it. Definitions are set as own properties (a name such as `__proto__` included), after the text's.
function parse(source: JsonText | JsonSchema, definitions: JsonDefinitions): JsonSchema {
  const root = JSON.parse(
    typeof source === 'function' ? source() : JSON.stringify(source),
  ) as Record<string, unknown>;
  for (const keyword of Object.keys(definitions)) {
    const named = definitions[keyword]!;
    const present = root[keyword];
    const target =
      present !== null && typeof present === 'object' && !Array.isArray(present)
        ? (present as Record<string, unknown>)
        : own(root, keyword, {});
    for (const name of Object.keys(named)) own(target, name, JSON.parse(named[name]!()));
  }
  return root;
}

function own<T>(target: object, key: string, value: T): T {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
}

/** A validator for a schema the generator could not write as data: every value fails with `reason`. */
export function rejectingValidator(reason: string): Validator {
  return Object.assign(rejectAll(reason), { schema: {} });
}

// A schema the validator cannot use fails closed: every value is rejected with one issue saying why.
function rejectAll(reason: string): Check {
  const issues: readonly ValidationIssue[] = Object.freeze([
    Object.freeze({
      pointer: '',
      message: `the schema could not be compiled: ${reason}`,
      keyword: '$compile',
    }),
  ]);
  return () => issues;
}

// A dialect by its meta-schema's URI: http or https, `#` or not, the hyper-schema beside each.
// draft-06 is read as draft-07, which only adds keywords to it.
const DIALECT = /^https?:\/\/json-schema\.org\/(?:draft-0([467])|draft\/(2019-09|2020-12))\/(?:hyper-)?schema#?$/;
const LATEST = /^https?:\/\/json-schema\.org\/schema#?$/;
const JSON_SCHEMA_ORG = /^https?:\/\/json-schema\.org\//;

/**
 * The dialect a schema declares: no `$schema` means 2020-12 (MCP 2025-11-25); a json-schema.org
 * dialect the validator does not read (draft-03 and before, or one it does not know) throws, so the
 * schema rejects every value; any other `$schema` names a meta-schema of its own, never fetched, and
 * is read as the default. The generator's and the mock's classifier, restated
 * (src/schema/dialect.ts `schemaDialect`; its test holds the two equal).
 */
export function dialectOf(schema: { readonly $schema?: unknown }): SchemaDraft {
  const uri = schema.$schema;
  if (typeof uri !== 'string') return '2020-12';
  const known = DIALECT.exec(uri);
  if (known) return known[1] === '4' ? '4' : known[1] !== undefined ? '7' : (known[2] as SchemaDraft);
  if (LATEST.test(uri) || !JSON_SCHEMA_ORG.test(uri)) return '2020-12';
  throw new Error(
    `$schema ${JSON.stringify(uri.slice(0, 200))} is a dialect the validator does not read (it reads 2020-12, 2019-09, draft-07, draft-06 and draft-04)`,
  );
}

// A schema the validator cannot use (a dialect it does not read, a pattern that does not compile, a
// `$ref` that does not resolve) rejects every value: the one policy of src/schema/unusable.ts, which
// the generator warns with and the mock follows.
function build(schemaOf: () => JsonSchema): Check {
  protectFormats();
  let own: Schema;
  let lookup: Record<string, Schema | boolean>;
  let annotated: boolean;
  let draft: SchemaDraft;
  try {
    own = schemaOf() as Schema;
    draft = dialectOf(own);
    canonicalRefs(own);
    lookup = dereference(own);
    annotated = checkSchema(own, lookup);
  } catch (error) {
    return rejectAll(reasonOf(error));
  }
  return (value) => {
    if (value === undefined) return [{ pointer: '', message: 'the value is undefined, not JSON' }];
    let units: readonly OutputUnit[];
    try {
      // The verdict first, stopping as soon as it is known (an `anyOf` at its first matching branch,
      // a failed object before its properties): several times faster on a valid value; the full
      // error list only for a failure. Stopping early skips annotations, which only `unevaluated*`
      // read (and inside a `not`, a stricter `unevaluated*` would make a pass too lax), so a schema
      // that has them is always validated in full.
      if (!annotated && validate(value, own, draft, lookup, true).valid) return NO_ISSUES;
      const result = validate(value, own, draft, lookup, false);
      if (result.valid) return NO_ISSUES;
      units = result.errors;
    } catch (error) {
      // A `$ref` loop on this value, or a value that is not JSON (a bigint, a function).
      return [
        {
          pointer: '',
          message: `the value could not be validated: ${reasonOf(error)}`,
          keyword: '$compile',
        },
      ];
    }
    return issuesOf(units);
  };
}

// What the validator only finds while validating is checked once here, so that a broken schema
// fails every value the same way: each pattern compiles (as Ajv would, with the `u` flag), and each
// `$ref` resolves to a schema this one holds (a remote one is never fetched). True when the schema
// reads annotations (`unevaluatedProperties`, `unevaluatedItems`) anywhere.
function checkSchema(root: Schema, lookup: Record<string, Schema | boolean>): boolean {
  let annotated = false;
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown> & Schema;
    if (typeof record['pattern'] === 'string') new RegExp(record['pattern'], 'u');
    const patterns = record['patternProperties'];
    if (patterns !== null && typeof patterns === 'object' && !Array.isArray(patterns))
      for (const key of Object.keys(patterns)) new RegExp(key, 'u');
    const ref = record.__absolute_ref__;
    if (typeof ref === 'string' && lookup[ref] === undefined)
      throw new Error(`$ref ${JSON.stringify(record.$ref)} does not resolve inside the schema`);
    if ('unevaluatedProperties' in record || 'unevaluatedItems' in record) annotated = true;
    for (const key of Object.keys(record)) visit(record[key]);
  };
  visit(root);
  return annotated;
}

// The validator finds a local `$ref` by its pointer spelled as it spells them (`encodeURI`), so a
// server's spelling (`%3B` for `;`) is brought to that one, on the copy: the data keeps the server's.
// It has no `$dynamicRef`: each resolves statically, to its `$dynamicAnchor` as an `$anchor`, which
// is what 2020-12 means wherever no outer schema overrides the anchor (an accepted difference).
function canonicalRefs(root: Schema): void {
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (typeof record['$dynamicAnchor'] === 'string' && record['$anchor'] === undefined)
      record['$anchor'] = record['$dynamicAnchor'];
    if (typeof record['$dynamicRef'] === 'string' && record['$ref'] === undefined)
      record['$ref'] = record['$dynamicRef'];
    const ref = record['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#/')) record['$ref'] = canonicalPointer(ref);
    for (const key of Object.keys(record)) visit(record[key]);
  };
  visit(root);
}

function canonicalPointer(ref: string): string {
  try {
    const segments = ref.slice(2).split('/').map(decodeURIComponent);
    return `#/${segments.map((s) => encodeURI(s).replace(/#/g, '%23')).join('/')}`;
  } catch {
    return ref; // not percent-encoded as URIs are: left for the validator to judge
  }
}

// Units that only say "something below failed": the units after them say what.
const STRUCTURAL = new Set([
  '$ref',
  '$recursiveRef',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'propertyNames',
  'dependentSchemas',
  'dependencies',
  'allOf',
  'if',
  'then',
  'else',
]);

const REQUIRED = /^Instance does not have required property "(.*)"\.$/s;

function issuesOf(units: readonly OutputUnit[]): readonly ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    const next = units[i + 1];
    const below = next !== undefined && next.instanceLocation.startsWith(unit.instanceLocation);
    if (STRUCTURAL.has(unit.keyword) && below) {
      // `false` below (`additionalProperties: false`): the property is what to fix, and this unit why.
      if (next.keyword === 'false') {
        issues.push({
          pointer: pointerOf(next.instanceLocation),
          message: unit.error,
          keyword: unit.keyword,
        });
        i++;
      }
      continue;
    }
    const missing = unit.keyword === 'required' ? REQUIRED.exec(unit.error)?.[1] : undefined;
    const pointer = pointerOf(unit.instanceLocation);
    issues.push({
      pointer: missing === undefined ? pointer : `${pointer}/${escape(missing)}`,
      message: unit.error,
      keyword: unit.keyword,
    });
  }
  return issues;
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

// The validator's instance locations are URI fragments (`#/a%20b/0`); issues carry RFC 6901 pointers.
function pointerOf(location: string): string {
  const fragment = location.startsWith('#') ? location.slice(1) : location;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.trim() || 'unknown error';
}

let formatsProtected = false;

// The format table is a plain object, so `format: "toString"` would find an inherited function and
// `format: "__proto__"` crash. Without a prototype, an unknown format is ignored, as the spec says.
function protectFormats(): void {
  if (formatsProtected) return;
  formatsProtected = true;
  Object.setPrototypeOf(format, null);
}

/**
 * mcp-codegen runtime: Standard Schema objects over the generated validators, for the agent
 * frameworks that take them (the AI SDK's `tools({ schemas })`, Mastra).
 *
 * Standard Schema v1 (https://standardschema.dev, spec in github.com/standard-schema/standard-schema,
 * package `@standard-schema/spec`): `'~standard': { version: 1, vendor, validate, types }`, where
 * `validate` returns `{ value }` or `{ issues }` and each issue's `path` is an array of keys or
 * `{ key }` segments. This `validate` is synchronous (Mastra requires it; a Promise is also allowed
 * by the spec, never returned here).
 * Standard JSON Schema v1 (https://standardschema.dev/json-schema, `StandardJSONSchemaV1` in the same
 * package, 1.1.0): `'~standard'.jsonSchema.input/output({ target })`
 * returns a JSON Schema; `"draft-2020-12"` and `"draft-07"` are the targets the spec strongly
 * recommends, and a library "should throw if it doesn't support a specified target".
 * The types below are restated structurally (generated files import no package); they are
 * assignable to `StandardSchemaV1<I, O> & StandardJSONSchemaV1<I, O>`.
 */
import type { AnyToolResult } from './runtime.js';
import { classifyResult } from './runtime.js';
import { ONE_SUBSCHEMA } from './runtime-canonical.js';
import type { ToolSpec, Validator } from './runtime-spec.js';

export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

export type StandardResult<T> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };

/** The JSON Schema versions `jsonSchema.input/output` answer in. */
export type JsonSchemaTarget = 'draft-2020-12' | 'draft-07';

export interface StandardToolSchema<T> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'mcp-codegen';
    readonly validate: (value: unknown) => StandardResult<T>;
    /** Types only: `undefined` at run time, as the spec allows. */
    readonly types?: { readonly input: T; readonly output: T } | undefined;
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      readonly output: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
}

/**
 * A Standard Schema object: nothing runs until it is used, and each JSON Schema asked for is a fresh
 * copy of the validator's (the one copy of the data), which a caller may change. Input and output
 * JSON Schema are the same: the value is validated, never transformed.
 */
export function standardSchema<T>(validator: Validator): StandardToolSchema<T> {
  // A JSON round trip: `__proto__` stays an own key, as the data has it.
  const schema = () =>
    JSON.parse(JSON.stringify(validator.schema ?? {})) as Record<string, unknown>;
  const convert = (options: { readonly target: string }) => toTarget(schema(), options.target);
  return {
    '~standard': {
      version: 1,
      vendor: 'mcp-codegen',
      validate: (value: unknown): StandardResult<T> => {
        const issues = validator(value);
        if (issues.length === 0) return { value: value as T };
        return {
          issues: issues.map((issue) => ({
            message: issue.message,
            path: pathOf(value, issue.pointer),
          })),
        };
      },
      types: undefined,
      jsonSchema: { input: convert, output: convert },
    },
  };
}

// RFC 6901 pointer to keys: an index into an array is a number, every other segment a string key.
function pathOf(value: unknown, pointer: string): PropertyKey[] {
  if (pointer === '') return [];
  const path: PropertyKey[] = [];
  let at: unknown = value;
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    const index = Array.isArray(at) && /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : undefined;
    path.push(index ?? key);
    at =
      at !== null && typeof at === 'object' && Object.prototype.hasOwnProperty.call(at, key)
        ? (at as Record<string, unknown>)[key]
        : undefined;
  }
  return path;
}

const DIALECTS: Readonly<Record<JsonSchemaTarget, string>> = {
  'draft-2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};

/** The schema in the target's dialect: `$defs`/`definitions`, `prefixItems`/array `items`, and the refs to them. */
export function toTarget(schema: Record<string, unknown>, target: string): Record<string, unknown> {
  if (target !== 'draft-2020-12' && target !== 'draft-07')
    throw new Error(
      `mcp-codegen Standard JSON Schema: unsupported target ${JSON.stringify(target)} (supported: "draft-2020-12", "draft-07")`,
    );
  const converted = convertNode(schema, target) as Record<string, unknown>;
  return { ...assign({}, '$schema', DIALECTS[target]), ...withoutKey(converted, '$schema') };
}

// additionalItems beside an array `items` is handled before these (it becomes 2020-12's `items`).
const SUBSCHEMA = [...ONE_SUBSCHEMA, 'contentSchema'];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];

function convertNode(node: unknown, target: JsonSchemaTarget): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: Record<string, unknown> = {};
  const source = node as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (key === '$ref' && typeof value === 'string') assign(out, key, convertRef(value, target));
    else if (key === '$defs' || key === 'definitions') {
      const name = target === 'draft-07' ? 'definitions' : '$defs';
      assign(out, name, {
        ...(out[name] as object | undefined),
        ...(mapValues(value, target) as object),
      });
    } else if (key === 'items' && Array.isArray(value)) {
      const list = value.map((v) => convertNode(v, target));
      assign(out, target === 'draft-07' ? 'items' : 'prefixItems', list);
    } else if (key === 'prefixItems' && Array.isArray(value)) {
      const list = value.map((v) => convertNode(v, target));
      assign(out, target === 'draft-07' ? 'items' : 'prefixItems', list);
    } else if (key === 'additionalItems' && Array.isArray(source.items)) {
      // Beside an array `items` (draft-07), additionalItems is what 2020-12 calls `items`.
      assign(out, target === 'draft-07' ? 'additionalItems' : 'items', convertNode(value, target));
    } else if (key === 'items' && Array.isArray(source.prefixItems)) {
      assign(out, target === 'draft-07' ? 'additionalItems' : 'items', convertNode(value, target));
    } else if (key === 'items' || SUBSCHEMA.includes(key))
      assign(out, key, convertNode(value, target));
    else if (SCHEMA_MAPS.includes(key)) assign(out, key, mapValues(value, target));
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value))
      assign(
        out,
        key,
        value.map((v) => convertNode(v, target)),
      );
    else assign(out, key, copy(value));
  }
  return out;
}

function convertRef(ref: string, target: JsonSchemaTarget): string {
  if (target === 'draft-07') return ref.replace(/^#\/\$defs\//, '#/definitions/');
  return ref.replace(/^#\/definitions\//, '#/$defs/');
}

function mapValues(value: unknown, target: JsonSchemaTarget): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return copy(value);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) assign(out, key, convertNode(v, target));
  return out;
}

function copy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) assign(out, key, copy(v));
  return out;
}

// An own property even for `__proto__` (plain assignment would set the prototype).
function assign(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return target;
}

function withoutKey(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) if (k !== key) assign(out, k, value[k]);
  return out;
}

/**
 * What an AI SDK tool's `execute` returned, as the tool function's result: an `isError` result
 * (which `@ai-sdk/mcp` returns raw, typed as the output) becomes `ok: false` with its code; a
 * structured output is classified like `structuredContent`, so a coded error envelope is an error too.
 */
export function classifyOutput(spec: ToolSpec, output: unknown): AnyToolResult {
  const raw =
    output !== null &&
    typeof output === 'object' &&
    Array.isArray((output as { content?: unknown }).content) &&
    ((spec.branches ?? []).length === 0 || (output as { isError?: unknown }).isError === true)
      ? (output as { content: [] })
      : { content: [], structuredContent: output };
  return classifyResult(spec, raw);
}

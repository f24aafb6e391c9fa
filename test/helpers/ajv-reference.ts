/**
 * The run-time Ajv validation the generated runtime used before validators were precompiled
 * (templates/runtime.ts up to this change), kept verbatim as the reference the precompiled
 * validators are compared with in tests and benchmarks. Generated clients never use it: it imports
 * ajv and compiles schemas with `new Function` at run time.
 */
import { Ajv } from 'ajv';
import type { AnySchema, ErrorObject, Options as AjvOptions, ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import type { ValidationIssue } from '../../templates/runtime.js';

/** A JSON Schema object. */
export type JsonSchemaObject = { readonly [key: string]: unknown };

type Compiled = { validate: ValidateFunction } | { error: string };
type Dialect = 'draft-07' | '2019-09' | '2020-12';

// ajv-formats is CommonJS with `exports.default`: under NodeNext the default import is typed as the
// module object, under Bundler as the plugin; at run time `.default` exists in both worlds.
const addFormats = ((addFormatsImport as unknown as { default?: FormatsPlugin }).default ??
  addFormatsImport) as unknown as FormatsPlugin;

// strict: false because real servers' schemas use unknown keywords and formats; validateSchema: false
// so a draft-04/06 `$schema` does not need its meta-schema; addUsedSchema: false so two tools sharing
// an `$id` do not clash in one Ajv instance (and absolute self-references still resolve).
// ownProperties as the precompiled validators: an inherited `toString` is not a property of the payload.
const AJV_OPTIONS: AjvOptions = {
  strict: false,
  allErrors: true,
  logger: false,
  validateSchema: false,
  addUsedSchema: false,
  ownProperties: true,
};
const NO_ISSUES: readonly ValidationIssue[] = Object.freeze([]);

/**
 * Compiles each schema once, on first use, and keeps the validator. Keyed by the schema object, so a
 * generated client's const specs compile once per (tool, branch); a generated client holds one.
 *
 * As an oracle in the tests it compiles without Ajv's code optimization pass (`code.optimize`),
 * which changes how fast the compiled code runs, never what it answers, and was a sixth of
 * validation-differential.test.ts's CPU. The benchmarks time Ajv's validators as users would
 * run them, optimized: `new ValidatorCache({ optimize: true })`.
 */
export class ValidatorCache {
  #entries = new WeakMap<object, Compiled>();
  #ajv = new Map<Dialect, (schema: AnySchema) => ValidateFunction>();
  #compilations = 0;
  #options: AjvOptions;

  constructor({ optimize = false }: { optimize?: boolean } = {}) {
    this.#options = { ...AJV_OPTIONS, code: { optimize } };
  }

  /** How many schemas this cache has compiled (or tried to): for tests and diagnostics. */
  get compilations(): number {
    return this.#compilations;
  }

  /** Issues found in `value` (none when valid). A schema that cannot be compiled yields one `$compile` issue. */
  validate(schema: JsonSchemaObject, value: unknown): readonly ValidationIssue[] {
    const entry = this.#entries.get(schema) ?? this.#compile(schema);
    if ('error' in entry)
      return [
        {
          pointer: '',
          message: `the schema could not be compiled: ${entry.error}`,
          keyword: '$compile',
        },
      ];
    return entry.validate(value) ? NO_ISSUES : toIssues(entry.validate.errors);
  }

  #compile(schema: JsonSchemaObject): Compiled {
    this.#compilations++;
    let entry: Compiled;
    try {
      entry = { validate: this.#compiler(dialectOf(schema))(schema as AnySchema) };
    } catch (error) {
      entry = { error: error instanceof Error ? error.message : String(error) }; // remembered: not retried per call
    }
    this.#entries.set(schema, entry);
    return entry;
  }

  // One Ajv instance per dialect, created on first need (creating one costs milliseconds).
  #compiler(dialect: Dialect): (schema: AnySchema) => ValidateFunction {
    let compile = this.#ajv.get(dialect);
    if (compile === undefined) {
      const options = this.#options;
      const ajv =
        dialect === '2020-12'
          ? new Ajv2020(options)
          : dialect === '2019-09'
            ? new Ajv2019(options)
            : new Ajv(options);
      addFormats(ajv);
      compile = (schema) => ajv.compile(schema);
      this.#ajv.set(dialect, compile);
    }
    return compile;
  }
}

/** MCP 2025-11-25 makes 2020-12 the default dialect, so an absent or unrecognised `$schema` means 2020-12. */
function dialectOf(schema: JsonSchemaObject): Dialect {
  const uri = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
  if (/draft-0[3-7]\b/.test(uri)) return 'draft-07';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

// Ajv's instancePath is already an RFC 6901 pointer; for "missing"/"extra" property errors it points
// at the parent object, so append the property: the pointer then names what to fix.
function toIssues(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  return (errors ?? []).map((e) => {
    const params = e.params as {
      missingProperty?: unknown;
      additionalProperty?: unknown;
      unevaluatedProperty?: unknown;
    };
    const property =
      params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
    const pointer =
      typeof property === 'string'
        ? `${e.instancePath}/${property.replace(/~/g, '~0').replace(/\//g, '~1')}`
        : e.instancePath;
    return { pointer, message: e.message ?? `failed "${e.keyword}"`, keyword: e.keyword };
  });
}

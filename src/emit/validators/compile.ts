/**
 * One schema → the body of an Ajv standalone validator, at generation time, in the schema's dialect
 * and with the options the run-time `ValidatorCache` used (templates/runtime.ts), so the issues are the
 * same. Ajv's `require(...)`s of its run-time helpers are replaced by references to inlined helpers.
 */
import { Ajv } from 'ajv';
import type { AnySchema, Options as AjvOptions, ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneImport from 'ajv/dist/standalone/index.js';
import addFormatsImport from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import type { JsonObject } from '../../snapshot/types.js';
import { withoutAnnotations } from './annotations.js';
import { compactAjvCode } from './compact.js';
import { resolveRequire } from './helpers.js';
import { LINK_KEYWORD } from './link-keyword.js';
import { ajvFor } from './ajv-instance.js';

type Dialect = 'draft-07' | '2019-09' | '2020-12';

export type Compiled =
  | {
      readonly ok: true;
      /** Statements declaring `validateName` (and what it uses), with no imports or requires. */
      readonly body: string;
      readonly validateName: string;
      /** Helper names (helpers.ts) the body refers to. */
      readonly helpers: ReadonlySet<string>;
      /** Formats the schema names that Ajv does not know (not checked, as at run time). */
      readonly unknownFormats: readonly string[];
    }
  | { readonly ok: false; readonly reason: string };

type Standalone = (ajv: Ajv, validate: ValidateFunction) => string;

// Both packages are CommonJS with `exports.default`: depending on the resolution mode the default
// import is the function or the module object, so take `.default` when there is one.
const standaloneCode = ((standaloneImport as unknown as { default?: Standalone }).default ??
  standaloneImport) as unknown as Standalone;
const addFormats = ((addFormatsImport as unknown as { default?: FormatsPlugin }).default ??
  addFormatsImport) as unknown as FormatsPlugin;

/** MCP 2025-11-25 makes 2020-12 the default dialect: an absent or unrecognised `$schema` means 2020-12 (as the runtime reads it). */
function dialectOf(schema: JsonObject): Dialect {
  const uri = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
  if (/draft-0[3-7]\b/.test(uri)) return 'draft-07';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

// Ajv names every `require` it needs this way: `require("module")` then `.name` or `["name"]` accesses.
// Inside string literals Ajv JSON-encodes every `"` as `\"`, so `require("` only matches its own code.
/** Code-size knobs, for bench/validators.ts to compare; `DEFAULT_TUNING` is what generation uses. */
export interface Tuning {
  /** One statement a line (readable, small diffs) instead of one long line. */
  readonly lines: boolean;
  /** Ajv's `code.optimize`: passes of its dead-code optimiser (true = 1). */
  readonly optimize: boolean | number;
  /** Every issue (as at run time) rather than the first: false changes what validation reports. */
  readonly allErrors: boolean;
  /** Compile without annotations (annotations.ts); falls back to the schema as sent if that fails. */
  readonly stripAnnotations: boolean;
  /** The size rewrites of compact.ts (they need `lines`). */
  readonly compact: boolean;
  /** Compile shared definitions once per module (link.ts) instead of into every schema. */
  readonly link: boolean;
}

export const DEFAULT_TUNING: Tuning = {
  lines: true,
  optimize: true,
  allErrors: true,
  stripAnnotations: true,
  compact: true,
  link: true,
};

const REQUIRE = /require\("[^"\\]*"\)(?:\.[A-Za-z_$][\w$]*|\["(?:[^"\\]|\\.)*"\])*/g;

/**
 * Compile `schema` with a fresh Ajv instance (so the generated names, counters from 0, depend on this
 * schema alone) and return the standalone code. Never throws for a bad schema: `ok: false` says why.
 * Nothing is fetched: there is no `loadSchema`, so a `$ref` Ajv cannot resolve locally is a failure.
 */
export function compileStandalone(
  schema: JsonObject,
  tuning: Tuning = DEFAULT_TUNING,
  linked = false,
): Compiled {
  const plain = compileTuned(schema, tuning, linked, false);
  // A schema that refers to a meta-schema (a tool that takes a JSON Schema) needs them loaded.
  return unresolved(plain) ? compileTuned(schema, tuning, linked, true) : plain;
}

/**
 * A failure a retry can fix: a `$ref` Ajv could not resolve (to a meta-schema, or into a stripped
 * annotation). Any other failure (`nullable` without `type`, say) fails the same way every time,
 * and a failing compilation of a large schema costs as much as a successful one.
 */
const unresolved = (compiled: Compiled) =>
  !compiled.ok && /can't resolve reference|no schema with key or ref/.test(compiled.reason);

function compileTuned(
  schema: JsonObject,
  tuning: Tuning,
  linked: boolean,
  meta: boolean,
): Compiled {
  if (tuning.stripAnnotations) {
    // A `$ref` into an annotation (absurd, but possible) no longer resolves: then compile the original.
    const stripped = compileWith(withoutAnnotations(schema), tuning, linked, meta);
    return unresolved(stripped) ? compileWith(schema, tuning, linked, meta) : stripped;
  }
  return compileWith(schema, tuning, linked, meta);
}

/**
 * `linked`: the schema is a unit of link.ts, whose LINK keywords are calls to other units. Only then is
 * the keyword known: in a schema from a server it is an unknown keyword, ignored like any other.
 */
function compileWith(schema: JsonObject, tuning: Tuning, linked: boolean, meta: boolean): Compiled {
  const unknownFormats = new Set<string>();
  const ajv = createAjv({ dialect: dialectOf(schema), tuning, linked, meta }, (message) => {
    const format = /^unknown format "(.*)" ignored in schema/.exec(message)?.[1];
    if (format !== undefined) unknownFormats.add(format);
  });
  // `$async: true` would make the validator return a promise; validation here is synchronous, and the
  // keyword only means something at the root, so it is dropped there (nested ones fail to compile).
  const { $async: _async, ...root } = schema;
  let validate: ValidateFunction;
  let code: string;
  try {
    validate = ajv.compile(root as AnySchema);
    code = standaloneCode(ajv, validate);
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
  const validateName = String(validate.source?.validateName ?? '');
  const n = tuning.lines ? '\n' : '';
  const prefix = `"use strict";${n}module.exports = ${validateName};${n}module.exports.default = ${validateName};${n}`;
  if (!/^validate\d+$/.test(validateName) || !code.startsWith(prefix)) {
    return {
      ok: false,
      reason: 'Ajv produced standalone code in a shape mcp-codegen does not recognise',
    };
  }
  const helpers = new Set<string>();
  const unsupported: string[] = [];
  const body = code.slice(prefix.length).replace(REQUIRE, (expression) => {
    const use = resolveRequire(expression);
    if (use === undefined) {
      unsupported.push(expression);
      return expression;
    }
    use.helpers.forEach((h) => helpers.add(h));
    return use.expression;
  });
  if (unsupported.length > 0) {
    return {
      ok: false,
      reason: `it needs run-time code that cannot be inlined: ${[...new Set(unsupported)].join(', ')}`,
    };
  }
  if (!tuning.compact || !tuning.lines)
    return { ok: true, body, validateName, helpers, unknownFormats: [...unknownFormats].sort() };
  const compacted = compactAjvCode(body);
  compacted.helpers.forEach((h) => helpers.add(h));
  return {
    ok: true,
    body: compacted.body,
    validateName,
    helpers,
    unknownFormats: [...unknownFormats].sort(),
  };
}

/** What shapes an Ajv instance (and so which reused instance a compilation gets). */
interface AjvShape {
  readonly dialect: Dialect;
  readonly tuning: Tuning;
  readonly linked: boolean;
  readonly meta: boolean;
}

function createAjv(shape: AjvShape, warn: (message: string) => void): Ajv {
  const { dialect, tuning, linked, meta } = shape;
  const key = JSON.stringify([
    dialect,
    tuning.allErrors,
    tuning.lines,
    tuning.optimize,
    linked,
    meta,
  ]);
  return ajvFor(key, warn, (log) => newAjv(shape, log));
}

function newAjv({ dialect, tuning, linked, meta }: AjvShape, warn: (message: string) => void): Ajv {
  const options: AjvOptions = {
    // As at run time: real servers use unknown keywords and formats; a draft-04/06 `$schema` needs no
    // meta-schema. Unlike the run time's shared instance, addUsedSchema stays on: with one instance per
    // schema two tools' `$id`s cannot clash, and without it Ajv cannot resolve a root `$ref: "#"`.
    strict: false,
    allErrors: tuning.allErrors,
    validateSchema: false,
    // Nothing is checked against a meta-schema, and adding them to each fresh instance was a third of
    // the cost of compiling a small schema: they are loaded only for a schema that refers to one.
    meta,
    addUsedSchema: true,
    // Own properties only: a payload without a `toString` key must not be validated as the inherited function.
    ownProperties: true,
    logger: {
      log: () => undefined,
      warn: (...args: unknown[]) => warn(args.map(String).join(' ')),
      error: () => undefined,
    },
    code: { source: true, esm: false, lines: tuning.lines, optimize: tuning.optimize },
  };
  const ajv =
    dialect === '2020-12'
      ? new Ajv2020(options)
      : dialect === '2019-09'
        ? new Ajv2019(options)
        : new Ajv(options);
  addFormats(ajv);
  if (linked) ajv.addKeyword(LINK_KEYWORD);
  return ajv;
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim() === '' ? 'unknown error' : message;
}

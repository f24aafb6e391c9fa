/**
 * Validators precompiled at generation time: Ajv's standalone code for each schema, with the run-time
 * helpers it needs inlined, in one self-contained ES module. The generated client then validates
 * without Ajv installed and without code generation at run time (`new Function`/`eval`), so it runs
 * under `node --disallow-code-generation-from-strings` and on edge runtimes.
 *
 * Schemas are server data. Ajv embeds their values only as JSON literals (strings, numbers, the schema
 * object) and `new RegExp("...")` calls; names in the code are its own counters. Every message this
 * file writes from server data goes through `jsString`.
 */
// Warnings reach a terminal: server text in them is shown with control characters escaped.
import { visible } from '../shared/hidden-text.js';
import type { JsonObject } from '../snapshot/types.js';
import { DEFAULT_TUNING } from './validators/compile.js';
import { compileMemoized, type CompileMemo } from './validators/memo.js';
import type { Tuning } from './validators/compile.js';
import { helperSource } from './validators/helpers.js';
import { jsString } from './validators/literal.js';
import { LINK_SUPPORT, unitAlias, unitCheck } from './validators/link-module.js';
import { linkDefinitions, UnitNames, type LinkedUnit } from './validators/link.js';

export interface ValidatorEntry {
  /** A JS identifier chosen by the caller (not starting with `$`, which this module keeps for itself). */
  name: string;
  schema: JsonObject;
}

export interface ValidatorModule {
  source: string;
  warnings: string[];
}

interface Built {
  readonly check: string;
  readonly unknownFormats: readonly string[];
  readonly failure?: string;
}

/** The type of every export, spelled out so the declarations stand alone (isolatedDeclarations). */
const EXPORT_TYPE = '(value: unknown) => readonly ValidationIssue[]';

/**
 * TypeScript source of a module with no imports except `import type { ValidationIssue } from './runtime.js'`,
 * exporting for each entry `export const <name>: (value: unknown) => readonly ValidationIssue[]`
 * (an empty array when valid). Entries with byte-identical schemas share one validator. A schema that
 * cannot be compiled gets a validator that rejects every value with one `$compile` issue, and a warning.
 */
export function emitValidatorModule(
  entries: ValidatorEntry[],
  memo?: CompileMemo,
): ValidatorModule {
  return emitValidatorModuleWith(entries, DEFAULT_TUNING, memo);
}

export type { Tuning };

/** `emitValidatorModule` with other code-size settings: for bench/validators.ts. */
export function emitValidatorModuleWith(
  entries: ValidatorEntry[],
  tuning: Tuning,
  memo?: CompileMemo,
): ValidatorModule {
  checkNames(entries);
  const warnings: string[] = [];
  const helpers = new Set<string>();
  const checks: string[] = [];
  const shared = new Map<string, Built>(); // schema JSON → its validator
  const exports: string[] = [];

  // One name per unit (UnitNames gives each digest its own), so a name seen is that unit compiled.
  const units = new Map<string, { formats: readonly string[] | undefined }>();
  const unitNames = new UnitNames();

  // A unit of link.ts, once per module; undefined if it failed to compile.
  const unitFormats = (unit: LinkedUnit): readonly string[] | undefined => {
    const seen = units.get(unit.name);
    if (seen !== undefined) return seen.formats;
    const schema = unit.schema();
    const text = schemaKey(schema);
    if (text === undefined) return undefined;
    const compiled = compileMemoized(schema, text, tuning, memo, true);
    units.set(unit.name, { formats: compiled.ok ? compiled.unknownFormats : undefined });
    if (!compiled.ok) return undefined;
    compiled.helpers.forEach((h) => helpers.add(h));
    checks.push(unitCheck(unit.name, compiled.body, compiled.validateName));
    return compiled.unknownFormats;
  };

  // The schema's definitions as shared units and the rest as its own check; undefined: compile it whole.
  const linkedBuild = (schema: JsonObject): Built | undefined => {
    const linked = tuning.link && isSchema(schema) ? linkDefinitions(schema, unitNames) : undefined;
    if (linked === undefined) return undefined;
    const formats = new Set<string>();
    for (const unit of linked.units) {
      const found = unitFormats(unit);
      if (found === undefined) return undefined;
      found.forEach((f) => formats.add(f));
    }
    const text = schemaKey(linked.root);
    if (text === undefined) return undefined;
    const key = `linked\n${text}`;
    let built = shared.get(key);
    // A schema that is one `$ref` to a definition is that unit's validator: nothing to compile.
    const alias = unitAlias(linked.root);
    if (built === undefined && alias !== undefined) {
      const check = `$check${checks.length}`;
      checks.push(`const ${check} = /* @__PURE__ */ $viaUnit(${alias});`);
      built = { check, unknownFormats: [] };
      shared.set(key, built);
    }
    if (built === undefined) {
      const compiled = compileMemoized(linked.root, text, tuning, memo, true);
      if (!compiled.ok) return undefined;
      compiled.helpers.forEach((h) => helpers.add(h));
      const check = `$check${checks.length}`;
      checks.push(compiledCheck(check, compiled.body, compiled.validateName));
      built = { check, unknownFormats: compiled.unknownFormats };
      shared.set(key, built);
    }
    built.unknownFormats.forEach((f) => formats.add(f));
    return { check: built.check, unknownFormats: [...formats].sort() };
  };

  // The schema compiled whole, as one Ajv validator.
  const wholeBuild = (schema: JsonObject): Built => {
    const key = schemaKey(schema);
    const known = key === undefined ? undefined : shared.get(key);
    if (known !== undefined) return known;
    const check = `$check${checks.length}`;
    const compiled = isSchema(schema)
      ? compileMemoized(schema, key, tuning, memo)
      : ({ ok: false, reason: 'the schema is not a JSON object' } as const);
    let built: Built;
    if (compiled.ok) {
      compiled.helpers.forEach((h) => helpers.add(h));
      checks.push(compiledCheck(check, compiled.body, compiled.validateName));
      built = { check, unknownFormats: compiled.unknownFormats };
    } else {
      checks.push(`const ${check} = /* @__PURE__ */ $rejectAll(${jsString(compiled.reason)});`);
      built = { check, unknownFormats: [], failure: compiled.reason };
    }
    if (key !== undefined) shared.set(key, built);
    return built;
  };

  for (const { name, schema } of entries) {
    const built = linkedBuild(schema) ?? wholeBuild(schema);
    // Warnings name every entry concerned, shared validator or not.
    for (const format of built.unknownFormats)
      warnings.push(
        `validator ${name}: format ${visible(JSON.stringify(format))} is unknown and not checked`,
      );
    if (built.failure !== undefined) {
      warnings.push(
        `validator ${name}: the schema could not be compiled (${visible(built.failure)}); it rejects every value with a $compile issue`,
      );
    }
    exports.push(`export const ${name}: ${EXPORT_TYPE} = ${built.check};`);
  }

  const support = units.size > 0 ? `${SUPPORT}\n\n${LINK_SUPPORT}` : SUPPORT;
  const parts = [HEADER, helperSource(helpers), support, ...checks, exports.join('\n')].filter(
    (p) => p !== '',
  );
  return { source: `${parts.join('\n\n')}\n`, warnings };
}

// The bodies are Ajv's untyped JavaScript, hence @ts-nocheck; the exports keep explicit types, so the
// declarations a consumer sees (and isolatedDeclarations) are unaffected.
const HEADER = `// @ts-nocheck -- Ajv's generated validator bodies are untyped JavaScript; every export below has an explicit type.
/**
 * Validators for tool results and arguments, compiled at generation time by mcp-codegen with Ajv's
 * standalone code (helpers from ajv and ajv-formats inlined, MIT): regenerate, do not edit.
 * No imports at run time and no code generation (new Function/eval), so it runs where that is forbidden.
 */
import type { ValidationIssue } from './runtime.js';`;

// Mirrors toIssues in templates/runtime.ts: Ajv's instancePath is an RFC 6901 pointer to the parent
// object for missing/extra properties, so the property is appended and the pointer names what to fix.
const SUPPORT = `interface $AjvError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: { readonly [key: string]: unknown };
}
type $AjvValidate = ((value: unknown) => boolean) & { errors?: readonly $AjvError[] | null };

const $NO_ISSUES: readonly ValidationIssue[] = /* @__PURE__ */ Object.freeze([]);

function $issues(validate: $AjvValidate, value: unknown): readonly ValidationIssue[] {
  if (validate(value)) return $NO_ISSUES;
  return (validate.errors ?? []).map((e) => {
    const property = e.params['missingProperty'] ?? e.params['additionalProperty'] ?? e.params['unevaluatedProperty'];
    const pointer = typeof property === 'string' ? \`\${e.instancePath}/\${property.replace(/~/g, '~0').replace(/\\//g, '~1')}\` : e.instancePath;
    return { pointer, message: e.message ?? \`failed "\${e.keyword}"\`, keyword: e.keyword };
  });
}

// A schema that could not be compiled (at generation time, or by this engine's RegExp at load time)
// fails closed: every value is rejected with one issue saying why.
function $rejectAll(reason: string): (value: unknown) => readonly ValidationIssue[] {
  const issues: readonly ValidationIssue[] = Object.freeze([
    Object.freeze({ pointer: '', message: \`the schema could not be compiled: \${reason}\`, keyword: '$compile' }),
  ]);
  return () => issues;
}

function $reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}`;

// Each validator lives in its own function scope, so Ajv's names (validate0, schema0, ...) never clash
// between schemas; a RegExp this engine refuses at load time becomes a $rejectAll instead of a crash.
// The call is marked pure: a bundler drops the validators of tools an app does not import.
function compiledCheck(check: string, body: string, validateName: string): string {
  return [
    `const ${check} = /* @__PURE__ */ ((): ((value: unknown) => readonly ValidationIssue[]) => {`,
    '  try {',
    body,
    `    return (value) => $issues(${validateName}, value);`,
    '  } catch (error) {',
    '    return $rejectAll($reasonOf(error));',
    '  }',
    '})();',
  ].join('\n');
}

function isSchema(schema: unknown): schema is JsonObject {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema);
}

// Byte-identical schemas share a validator. A schema JSON.stringify cannot handle (too deep) is not shared.
function schemaKey(schema: unknown): string | undefined {
  try {
    return JSON.stringify(schema);
  } catch {
    return undefined;
  }
}

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with yield let static ' +
    'implements interface package private protected public await arguments eval undefined NaN Infinity'
  ).split(' '),
);

// Names come from the caller (the naming pass), not from servers; a bad one is a bug upstream, said plainly.
function checkNames(entries: readonly ValidatorEntry[]): void {
  const seen = new Set<string>();
  for (const { name } of entries) {
    if (!/^[A-Za-z_][\w]*$/.test(name) || RESERVED.has(name)) {
      throw new Error(
        `emitValidatorModule: ${JSON.stringify(name)} is not a usable export name (an ASCII identifier, not reserved, not starting with "$")`,
      );
    }
    if (seen.has(name))
      throw new Error(`emitValidatorModule: the export name ${JSON.stringify(name)} is used twice`);
    seen.add(name);
  }
}

/**
 * validators.ts: every JSON Schema the generated client validates against, once, as data, each
 * wrapped in a validator that templates/runtime-validate.ts builds on its first call (with
 * `@cfworker/json-schema`, copied into the runtime: no code generation at run time, and none here).
 * Each schema is one `/* @__PURE__ *\/` call, so a bundler drops the schemas of tools an app does not
 * import, and each is laid out one member a line once longer than a line (json-literal.ts), so one
 * keyword changed in a schema is one line changed here.
 *
 * Schemas are server data: they are written only as JSON text (`jsonTextThunk`: JSON between
 * backticks, with the two characters a template reads written as JSON escapes) and every warning shows
 * server text through `visible`.
 */
import { format as knownFormats } from '@cfworker/json-schema';
// Warnings reach a terminal: server text in them is shown with control characters escaped.
import { visible } from '../../shared/hidden-text.js';
import { UnusableSchemas } from '../../schema/unusable.js';
import type { JsonObject, JsonValue } from '../../snapshot/types.js';
import { jsLiteralLines, jsonTextThunk, jsString } from '../print/json-literal.js';
import { SharedDefinitionConsts } from './shared-definition-consts.js';
import type { SpecEntry } from './spec-entries.js';

export interface ValidatorEntry {
  /** A JS identifier chosen by the caller (the naming planner). */
  name: string;
  schema: JsonObject;
}

export interface ValidatorModule {
  source: string;
  warnings: string[];
}

/** Every export is declared with this type, so the declarations stand alone (isolatedDeclarations). */
const EXPORT_TYPE = 'Validator';

/**
 * The module's source, importing only `./runtime-validate.js` (`runtimeValidate` when the runtime is
 * elsewhere) and the runtime's types: per entry `export const <name>: Validator`, then per spec
 * `export const <name>: ToolSpec`, after every validator it names. Entries with byte-identical schemas
 * share the first one's export, so each schema is in the file once.
 */
export function emitValidatorModule(
  entries: readonly ValidatorEntry[],
  runtimeValidate = './runtime-validate.js',
  specs: readonly SpecEntry[] = [],
): ValidatorModule {
  checkNames(entries);
  const warnings: string[] = [];
  const first = new Map<string, { name: string; problems: string[] }>(); // schema JSON → its export
  const exports: string[] = [];
  const definitions = new SharedDefinitionConsts();
  const unusable = new UnusableSchemas();
  let rejecting = false;
  let validating = false;
  for (const { name, schema } of entries) {
    const key = schemaKey(schema);
    const same = key === undefined ? undefined : first.get(key);
    if (same !== undefined) {
      // Warnings name every entry concerned, shared validator or not.
      for (const problem of same.problems) warnings.push(`validator ${name}: ${problem}`);
      exports.push(`export const ${name}: ${EXPORT_TYPE} = ${same.name};`);
      continue;
    }
    const literal = key === undefined ? undefined : argumentsOf(schema, definitions, exports);
    if (literal === undefined) {
      rejecting = true;
      const reason = 'the schema is nested too deeply to be written as data';
      warnings.push(
        `validator ${name}: the schema could not be compiled (${reason}); it rejects every value with a $compile issue`,
      );
      exports.push(
        `export const ${name}: ${EXPORT_TYPE} = /* @__PURE__ */ rejectingValidator(${jsString(reason)});`,
      );
      continue;
    }
    const problems = problemsOf(schema, unusable.reasonOf(schema, key!));
    first.set(key!, { name, problems });
    for (const problem of problems) warnings.push(`validator ${name}: ${problem}`);
    validating = true;
    exports.push(
      `export const ${name}: ${EXPORT_TYPE} = /* @__PURE__ */ jsonSchemaValidator(${literal});`,
    );
  }
  for (const spec of specs)
    exports.push(
      `export const ${spec.name}: ToolSpec = ${jsLiteralLines(spec.value, '', spec.refs)};`,
    );
  // Only what is used: an unused import breaks a `noUnusedLocals` build (specs alone need no validator).
  const imported = [
    ...(validating ? ['jsonSchemaValidator'] : []),
    ...(rejecting ? ['rejectingValidator'] : []),
  ];
  const types = [...(specs.length ? ['ToolSpec'] : []), ...(entries.length ? ['Validator'] : [])];
  const header = [
    '/**',
    ' * What the runtime needs, as data: the JSON Schemas this client validates results (and, with',
    ' * `validateInput`, arguments) against, as the server sent them (local `$ref`s only, `nullable`',
    ' * rewritten), as JSON text parsed on first use and checked by `@cfworker/json-schema` (copied into',
    ' * the runtime as json-schema-*.ts; a root definition several schemas hold is one `$name` const,',
    " * passed by name), then each tool's spec, to call and classify it. Regenerate, do not edit.",
    ' */',
    ...(imported.length
      ? [`import { ${imported.join(', ')} } from ${jsString(runtimeValidate)};`]
      : []),
    `import type { ${types.join(', ')} } from ${jsString(runtimeValidate.replace(/runtime-validate\.js$/, 'runtime.js'))};`,
  ].join('\n');
  if (entries.length === 0 && specs.length === 0)
    return { source: `${header.split('\nimport')[0]}\nexport {};\n`, warnings };
  return { source: `${header}\n\n${exports.join('\n\n')}\n`, warnings };
}

// The validator's arguments: the schema as JSON text, and its root definitions that are shared consts
// by name (`{"$defs":{"user":$user}}`), which the text leaves out. Each const is declared into `out`
// before its first use; a schema too deep for the stack has none, and declares nothing (an unused
// const would fail the user's `noUnusedLocals`).
function argumentsOf(
  schema: JsonObject,
  definitions: SharedDefinitionConsts,
  out: string[],
): string | undefined {
  try {
    const { named, declare } = definitions.name(schema);
    const { text, lifted } = liftDefinitions(schema, named);
    const args = lifted === undefined ? text : `${text}, ${jsLiteralLines(lifted, '', named)}`;
    out.push(...declare());
    return args;
  } catch {
    return undefined;
  }
}

// The schema's text without the definitions written as consts, and those by keyword and name.
function liftDefinitions(
  schema: JsonObject,
  named: ReadonlyMap<object, string>,
): { text: string; lifted?: JsonObject } {
  const rest = record();
  const lifted = record();
  for (const [keyword, value] of Object.entries(schema)) {
    if ((keyword === '$defs' || keyword === 'definitions') && isObject(value)) {
      const kept = record();
      const moved = record();
      for (const [name, definition] of Object.entries(value))
        put(isObject(definition) && named.has(definition) ? moved : kept, name, definition);
      if (Object.keys(moved).length > 0) put(lifted, keyword, moved);
      if (Object.keys(kept).length > 0 || Object.keys(moved).length === 0) put(rest, keyword, kept);
    } else put(rest, keyword, value);
  }
  const text = jsonTextThunk(rest);
  return Object.keys(lifted).length === 0 ? { text } : { text, lifted };
}

// Plain objects built from server data: a key such as `__proto__` must be an own property, never a prototype.
const record = (): Record<string, JsonValue> => Object.create(null) as Record<string, JsonValue>;
const put = (target: object, key: string, value: unknown) =>
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });

// What the run-time validator will refuse or skip, said at generation time: a schema it cannot use
// (`unusable`, the one policy of src/schema/unusable.ts: it fails closed), and a format it does not
// know (not checked).
function problemsOf(schema: JsonObject, unusable: string | undefined): string[] {
  const problems = new Set<string>();
  const seen = new Set<object>();
  const visit = (node: unknown, depth: number): void => {
    if (node === null || typeof node !== 'object' || seen.has(node) || depth > 500) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach((n) => visit(n, depth + 1));
    const record = node as Record<string, unknown>;
    const format = record['format'];
    if (typeof format === 'string' && !Object.prototype.hasOwnProperty.call(knownFormats, format))
      problems.add(`format ${visible(JSON.stringify(format))} is unknown and not checked`);
    for (const value of Object.values(record)) visit(value, depth + 1);
  };
  visit(schema, 0);
  if (unusable !== undefined)
    problems.add(
      `the schema could not be compiled (${visible(unusable)}); it rejects every value with a $compile issue`,
    );
  return [...problems].sort();
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

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
        `emitValidatorModule: ${JSON.stringify(name)} is not a usable export name (an ASCII identifier, not reserved)`,
      );
    }
    if (seen.has(name))
      throw new Error(`emitValidatorModule: the export name ${JSON.stringify(name)} is used twice`);
    seen.add(name);
  }
}

import { compile, type Options } from 'json-schema-to-typescript';
import { tmpdir } from 'node:os';
import type { JSONSchema4 } from 'json-schema';
import { CodegenError } from '../shared/errors.js';
import { shortHash } from '../shared/hash.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { SUBSCHEMA_LISTS, SUBSCHEMA_MAPS, SUBSCHEMA_SINGLE } from '../shared/schema-keywords.js';
import { fromOwnEntries, mapSchema } from './walk.js';
import { isObject } from '../shared/json.js';
import {
  LIB_OBJECT_MEMBERS as OBJECT_MEMBERS_OF_LIB,
  PROTOTYPE_NAMES,
} from '../shared/object-members.js';

const ROOT = 'McpCodegenTypesRoot';

/**
 * json-schema-to-typescript, with every option set on purpose:
 * - `additionalProperties: false`: an object schema that does not say otherwise becomes a closed type,
 *   so a typo in an input object is a compile error; `additionalProperties: true` or a schema keeps an index signature;
 * - `strictIndexSignatures`: index signatures include `| undefined`, as they are at run time;
 * - `unknownAny`: unconstrained values are `unknown`, never `any`;
 * - `ignoreMinAndMaxItems`: `maxItems: 100` must not expand into a union of 100 tuples;
 * - `format: false`: prettier runs once over the finished files, not per schema;
 * - `$refOptions` resolve nothing external, and `cwd` is an empty folder: no file is read, no URL fetched
 *   (refs were made local before this, this is the second lock on the door).
 */
const OPTIONS: Partial<Options> = {
  bannerComment: '',
  additionalProperties: false,
  strictIndexSignatures: true,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
  declareExternallyReferenced: true,
  unreachableDefinitions: true,
  enableConstEnums: false,
  inferStringEnumKeysFromValues: false,
  format: false,
  cwd: tmpdir(),
  $refOptions: { resolve: { external: false, file: false, http: false } } as Options['$refOptions'],
};

/** Compile named definitions (from TypeSet) into one TypeScript source with one declaration each. */
export async function compileDefinitions(definitions: JsonObject): Promise<string> {
  if (Object.keys(definitions).length === 0) return '';
  const { schema, restore } = maskPrototypeNames(definitions);
  const document = { title: ROOT, type: 'object', additionalProperties: false, $defs: schema };
  let source: string;
  try {
    source = await compile(document as JSONSchema4, ROOT, OPTIONS);
  } catch (error) {
    // The second lock behind the depth bounds: a shape they did not foresee is an input error, not a crash.
    if (error instanceof RangeError) {
      throw new CodegenError(
        'the schemas nest too deeply (through $ref chains) for json-schema-to-typescript',
        {
          hint: 'flatten the schemas of the server, or report the catalog to mcp-codegen so its depth bound covers it',
          cause: error,
        },
      );
    }
    throw error;
  }
  return restore(tidy(source));
}

/**
 * json-schema-to-typescript calls `schema.hasOwnProperty(…)` on every object it walks, property maps
 * included, so a property named `hasOwnProperty` crashes it and other inherited names are one release
 * away from doing so. It only ever sees placeholders for them; the printed names are put back after.
 * The placeholder carries a hash of the whole input, so no server text can contain (and forge) one.
 */
function maskPrototypeNames(definitions: JsonObject): {
  schema: JsonObject;
  restore: (source: string) => string;
} {
  const prefix = `McpCodegenKey${shortHash(JSON.stringify(definitions))}x`;
  const masked = (name: string) => {
    const index = PROTOTYPE_NAMES.indexOf(name);
    return index === -1 ? name : `${prefix}${index}`;
  };
  let used = false;
  const maskNode = (node: JsonObject): JsonObject => {
    // Values that are not subschemas (`default`, `examples`, unknown keywords) are walked too: drop the ones
    // carrying an inherited name. default and examples already live on as doc tags (doc-tags.ts).
    const out = fromOwnEntries(
      Object.entries(node).filter(
        ([key, value]) =>
          !PROTOTYPE_NAMES.includes(key) && !(isNonSchemaValue(key) && hasPrototypeKey(value)),
      ),
    );
    if (isObject(node.properties) && Object.keys(node.properties).some((k) => masked(k) !== k)) {
      used = true;
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      out.properties = fromOwnEntries(
        Object.entries(node.properties).map(([k, v]) => [
          masked(k),
          required.has(k) ? v : withInherited(k, v),
        ]),
      );
      if (Array.isArray(node.required))
        out.required = node.required.map((r) => (typeof r === 'string' ? masked(r) : r));
    }
    return out;
  };
  // Each definition is a schema; the definitions object itself is a map of names, not a schema.
  const schema = fromOwnEntries(
    Object.entries(definitions).map(([name, definition]) => [
      name,
      mapSchema(definition, maskNode),
    ]),
  );
  const restore = (source: string) =>
    used
      ? source.replace(new RegExp(`${prefix}(\\d+)`, 'g'), (_, i: string) =>
          JSON.stringify(PROTOTYPE_NAMES[Number(i)]),
        )
      : source;
  return { schema, restore };
}

const LIB_OBJECT_MEMBERS = new Set(OBJECT_MEMBERS_OF_LIB);

/**
 * An optional `toString?: number` cannot be omitted in TypeScript: `{}` still has the inherited
 * `toString`, which is not a number (TS2322, and `input = {}` defaults stop compiling). Reading it
 * when absent does give the inherited member, so that is what the type says: `number | Object['toString']`.
 */
function withInherited(name: string, schema: JsonValue): JsonValue {
  if (!LIB_OBJECT_MEMBERS.has(name)) return schema;
  const wrapped: JsonObject = { anyOf: [schema, { tsType: `Object[${JSON.stringify(name)}]` }] };
  if (isObject(schema) && typeof schema.description === 'string')
    wrapped.description = schema.description;
  return wrapped;
}

const SCHEMA_VALUED = new Set<string>([...SUBSCHEMA_MAPS, ...SUBSCHEMA_SINGLE, ...SUBSCHEMA_LISTS]);

function isNonSchemaValue(key: string): boolean {
  return !SCHEMA_VALUED.has(key);
}

/** Whether a JSON value has an object key from Object.prototype anywhere (without recursion). */
function hasPrototypeKey(value: JsonValue): boolean {
  const stack: JsonValue[] = [value];
  while (stack.length) {
    const node = stack.pop()!;
    if (Array.isArray(node)) stack.push(...node);
    else if (isObject(node)) {
      if (Object.keys(node).some((k) => PROTOTYPE_NAMES.includes(k))) return true;
      stack.push(...Object.values(node));
    }
  }
  return false;
}

/** Drop the wrapper root and the generator's "referenced via definition" notes, which only describe our wrapper. */
function tidy(source: string): string {
  return (
    source
      .replace(new RegExp(`export interface ${ROOT} \\{\\s*\\}\\n?`), '')
      .replace(
        /^ \* This interface was referenced by `[^`]*`'s JSON-Schema\n \* via the `definition` "[^"]*"\.\n/gm,
        '',
      )
      .replace(/^ \*[ \t]*\n(?= \*\/)/gm, '')
      .replace(/^\/\*\*\n \*\/\n/gm, '')
      .trim() + '\n'
  );
}

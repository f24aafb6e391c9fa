import { compile, type Options } from 'json-schema-to-typescript';
import { tmpdir } from 'node:os';
import type { JSONSchema4 } from 'json-schema';
import type { JsonObject } from '../snapshot/types.js';

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
  const document = { title: ROOT, type: 'object', additionalProperties: false, $defs: definitions };
  const source = await compile(document as JSONSchema4, ROOT, OPTIONS);
  return tidy(source);
}

/** Drop the wrapper root and the generator's "referenced via definition" notes, which only describe our wrapper. */
function tidy(source: string): string {
  return (
    source
      .replace(new RegExp(`export interface ${ROOT} \\{\\s*\\}\\n?`), '')
      .replace(/^ \* This interface was referenced by `[^`]*`'s JSON-Schema\n \* via the `definition` "[^"]*"\.\n/gm, '')
      .replace(/^ \*[ \t]*\n(?= \*\/)/gm, '')
      .replace(/^\/\*\*\n \*\/\n/gm, '')
      .trim() + '\n'
  );
}

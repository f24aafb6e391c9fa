/**
 * Two size rewrites of Ajv's standalone code (with `code.lines`, one statement a line), each an exact
 * pattern of Ajv's own output, so they cannot touch server data:
 *
 *  1. The five-line "append to vErrors" block Ajv repeats for every error becomes one call:
 *     `const errN = {...};` + `if(vErrors === null){vErrors = [errN];} else {vErrors.push(errN);}`
 *     → `vErrors = $addError(vErrors, {...});`. The pattern spans line breaks, and a string literal
 *     cannot contain a raw line break, so it only matches code.
 *  2. `schemaPath:"..."` is dropped from error objects: issues never use it. In a JSON-encoded string
 *     every `"` is preceded by `\`, so `,schemaPath:"` (an unescaped quote after the colon) only
 *     occurs in Ajv's error literals; the rest of the match is exactly one JSON string.
 *
 * Together they take about a quarter off (see bench/validators.ts).
 */

const ERROR_PUSH = /const (err\d+) = (\{[^\n]*\});\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}\n/g;
const SCHEMA_PATH = /,schemaPath:"(?:[^"\\\n]|\\.)*"/g;

/** Applies both rewrites; `usesAddError` says whether the module must declare `$addError` (helpers.ts). */
export function compactAjvCode(body: string): { body: string; usesAddError: boolean } {
  let usesAddError = false;
  const folded = body.replace(ERROR_PUSH, (_match, _name: string, literal: string) => {
    usesAddError = true;
    return `vErrors = $addError(vErrors, ${literal});\n`;
  });
  return { body: folded.replace(SCHEMA_PATH, ''), usesAddError };
}

/**
 * Size rewrites of Ajv's standalone code (with `code.lines`, one statement a line). They run on the
 * masked code (skeleton.ts), where server data is only placeholders, and each matches an exact shape
 * of Ajv's own output; anything else is left as Ajv wrote it.
 *
 *  1. `schemaPath:"..."` is dropped from error objects: issues never use it.
 *  2. The block Ajv repeats for every error,
 *       const errN = {instancePath,keyword:"type",params:{...},message:"must be string"};
 *       if(vErrors === null){ vErrors = [errN]; } else { vErrors.push(errN); }
 *     becomes one call, `vErrors = $addError(vErrors, instancePath, "type", {...}, "must be string");`
 *     (or `$addErrorObject(vErrors, {...})` when the object has other fields).
 *  3. A run of required-property checks, or of string and boolean type checks, on one object becomes
 *     a loop over the names (fold-runs.ts).
 *  4. The embedded `const schemaN = {...}` keeps only the values the code reads (schema-refs.ts).
 *
 * Before 3 existed the others took about 35% off the module (bench/validators.ts); 3 took the GitHub
 * corpus's from 4,313 to 3,440 KB.
 */
import { inlineSchemaRefs } from './schema-refs.js';
import { foldRequiredRuns, foldTypeRuns } from './fold-runs.js';
import { maskLiterals, unmaskLiterals } from './skeleton.js';

const LITERAL = '\\u0000\\d+\\u0000';
const SCHEMA_PATH = new RegExp(`,schemaPath:${LITERAL}`, 'g');
const ERROR_PUSH =
  /const (err\d+) = (\{[^\n]*\});\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}\n/g;
const FIELDS = ['instancePath', 'keyword', 'params', 'message'] as const;

/** Applies the rewrites; `helpers` names what the module must declare for them (helpers.ts). */
export function compactAjvCode(body: string): { body: string; helpers: string[] } {
  const masked = maskLiterals(body);
  if (masked === undefined) return { body, helpers: [] };
  const helpers = new Set<string>();
  const skeleton = masked.skeleton
    .replace(SCHEMA_PATH, '')
    .replace(ERROR_PUSH, (_match, _name: string, literal: string) => {
      const args = errorArguments(literal);
      helpers.add(args === undefined ? '$addErrorObject' : '$addError');
      return args === undefined
        ? `vErrors = $addErrorObject(vErrors, ${literal});\n`
        : `vErrors = $addError(vErrors, ${args.join(', ')});\n`;
    });
  const folded = foldTypeRuns(foldRequiredRuns(skeleton, masked.literals), masked.literals);
  const trimmed = inlineSchemaRefs(folded, masked.literals) ?? folded;
  return { body: unmaskLiterals(trimmed, masked.literals), helpers: [...helpers].sort() };
}

/**
 * `{instancePath[:expr],keyword:expr,params:expr,message:expr}` → the four expressions, in that order;
 * undefined for any other shape.
 */
function errorArguments(literal: string): string[] | undefined {
  if (!literal.startsWith('{') || !literal.endsWith('}')) return undefined;
  const fields = splitTopLevel(literal.slice(1, -1));
  if (fields === undefined || fields.length !== FIELDS.length) return undefined;
  const args: string[] = [];
  for (const [i, field] of fields.entries()) {
    const name = FIELDS[i]!;
    if (field === name)
      args.push(name); // the shorthand `{instancePath, ...}`
    else if (field.startsWith(`${name}:`) && field.length > name.length + 1)
      args.push(field.slice(name.length + 1));
    else return undefined;
  }
  return args;
}

// Splits at commas outside brackets; literals are masked, so every bracket here is code.
function splitTopLevel(text: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) return undefined;
  }
  if (depth !== 0) return undefined;
  parts.push(text.slice(start));
  return parts;
}

import { derefSchema } from '../schema/refs.js';
import { isObject, type JsonObject, type JsonValue } from '../shared/json.js';
import { NUMERIC_CONSTRAINTS } from '../shared/schema-keywords.js';

/** The longest type, value or constraint text a table cell gets, in code points. */
const MAX_TEXT = 120;
/** How many union branches or allowed values are named before the rest is counted. */
const MAX_LISTED = 12;
/** How deep a type text follows items, branches and `$ref`s. */
const MAX_TYPE_DEPTH = 4;

/**
 * A short type for a parameter table, from the schema: `string`, `integer[]`, `"C" | "F"`,
 * `object`, `string | null`, `[number, number]`. Local `$ref`s are followed (never a remote one:
 * that is `unresolved $ref`), and the text is cut, so a hostile schema cannot make a cell huge.
 */
export function typeText(root: JsonObject, node: JsonValue, depth = 0): string {
  return cut(typeOf(root, node, depth));
}

function typeOf(root: JsonObject, node: JsonValue, depth: number): string {
  if (node === true) return 'any';
  if (node === false) return 'never';
  if (!isObject(node)) return 'any';
  if (depth > MAX_TYPE_DEPTH) return '…';
  if (typeof node.$ref === 'string') {
    const target = derefSchema(root, node);
    return isObject(target) ? typeOf(root, target, depth + 1) : 'unresolved $ref';
  }
  if (node.const !== undefined) return json(node.const);
  const union = Array.isArray(node.anyOf) ? node.anyOf : node.oneOf;
  if (Array.isArray(union) && union.length > 0)
    return listed(unique(union.map((branch) => typeOf(root, branch, depth + 1))), ' | ');
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  const named = types.map((type) =>
    type === 'array' ? arrayType(root, node, depth) : typeof type === 'string' ? type : json(type),
  );
  if (named.length > 0) return listed(unique(named), ' | ');
  if (Array.isArray(node.enum)) return 'enum';
  if (isObject(node.properties) || node.additionalProperties !== undefined) return 'object';
  if (node.items !== undefined || node.prefixItems !== undefined)
    return arrayType(root, node, depth);
  if (Array.isArray(node.allOf) && node.allOf.length > 0)
    return listed(unique(node.allOf.map((branch) => typeOf(root, branch, depth + 1))), ' & ');
  return 'any';
}

function arrayType(root: JsonObject, node: JsonObject, depth: number): string {
  if (Array.isArray(node.prefixItems)) {
    const head = node.prefixItems.map((item) => typeOf(root, item, depth + 1));
    const rest = node.items === false || node.items === undefined ? [] : ['…'];
    return `[${[...head, ...rest].join(', ')}]`;
  }
  if (node.items === undefined) return 'array';
  const item = typeOf(root, node.items, depth + 1);
  return / [|&] /.test(item) ? `(${item})[]` : `${item}[]`;
}

/** The schema a property's `$ref` names, its own keywords laid over it (a `$ref` with siblings). */
export function resolved(root: JsonObject, node: JsonValue): JsonValue {
  if (!isObject(node) || typeof node.$ref !== 'string') return node;
  const target = derefSchema(root, node);
  if (!isObject(target)) return node;
  const { $ref: _ref, ...own } = node;
  return { ...target, ...own };
}

/** The allowed values (`enum`, `const`), as JSON text: at most twelve, then how many more. */
export function valuesOf(node: JsonValue): string[] {
  if (!isObject(node)) return [];
  if (node.const !== undefined) return [cut(json(node.const))];
  if (!Array.isArray(node.enum)) return [];
  const values = node.enum.slice(0, MAX_LISTED).map((value) => cut(json(value)));
  const more = node.enum.length - MAX_LISTED;
  return more > 0 ? [...values, `… ${more} more`] : values;
}

/** What the schema bounds, keyword first: `minimum 1`, `maxLength 20`, `pattern ^[a-z]+$`, `format uri`. */
export function constraintsOf(node: JsonValue): string[] {
  if (!isObject(node)) return [];
  const out: string[] = [];
  for (const key of NUMERIC_CONSTRAINTS)
    if (typeof node[key] === 'number') out.push(`${key} ${String(node[key])}`);
  for (const key of ['minItems', 'maxItems', 'minProperties', 'maxProperties'] as const)
    if (typeof node[key] === 'number') out.push(`${key} ${String(node[key])}`);
  if (node.uniqueItems === true) out.push('uniqueItems');
  for (const key of ['pattern', 'format', 'contentMediaType', 'contentEncoding'] as const)
    if (typeof node[key] === 'string') out.push(`${key} ${cut(node[key] as string)}`);
  if (node.additionalProperties === false && isObject(node.properties))
    out.push('no other properties');
  if (Array.isArray(node.examples) && node.examples.length > 0)
    out.push(`example ${cut(json(node.examples[0]!))}`);
  return out;
}

/** The default as JSON text, when the schema gives one. */
export function defaultOf(node: JsonValue): string | undefined {
  return isObject(node) && node.default !== undefined ? cut(json(node.default)) : undefined;
}

function json(value: JsonValue): string {
  return JSON.stringify(value) ?? 'null';
}

function unique(texts: string[]): string[] {
  return [...new Set(texts)];
}

function listed(texts: string[], separator: string): string {
  const more = texts.length - MAX_LISTED;
  return [...texts.slice(0, MAX_LISTED), ...(more > 0 ? [`… ${more} more`] : [])].join(separator);
}

/** At most MAX_TEXT code points, never cutting a surrogate pair. */
function cut(text: string, max = MAX_TEXT): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

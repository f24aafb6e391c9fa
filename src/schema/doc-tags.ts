import { NUMERIC_CONSTRAINTS } from '../shared/schema-keywords.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';

/**
 * Constraints a reader of the generated type wants to see next to the property, as JSDoc tags:
 * `@default 3`, `@minimum 1`, `@maximum 7`, `@pattern ^[a-z]+$`, `@example "paris"`. Each tag is one
 * line of inert text: values are printed as JSON (line breaks escaped), long ones are cut, and
 * json-schema-to-typescript escapes a `*\/` in the description, so server text cannot close the comment.
 * (`deprecated`, `minItems` and `maxItems` are not here: json-schema-to-typescript prints those tags itself.)
 */
const MAX_TAG_TEXT = 200;
const MAX_EXAMPLES = 3;
const NUMERIC: ReadonlySet<string> = new Set(NUMERIC_CONSTRAINTS);

export function docTags(
  node: JsonObject,
  defaultValue = node.default,
  examples = node.examples,
): string | undefined {
  const tags: string[] = [];
  if (defaultValue !== undefined) tags.push(`@default ${json(defaultValue)}`);
  // In the fixed order, but only for a node that has one: most have none, and each absent lookup costs.
  if (Object.keys(node).some((key) => NUMERIC.has(key)))
    for (const key of NUMERIC_CONSTRAINTS)
      if (typeof node[key] === 'number') tags.push(`@${key} ${String(node[key])}`);
  if (typeof node.pattern === 'string') tags.push(`@pattern ${oneLine(node.pattern)}`);
  if (typeof node.format === 'string') tags.push(`@format ${oneLine(node.format)}`);
  if (Array.isArray(examples))
    for (const example of examples.slice(0, MAX_EXAMPLES)) tags.push(`@example ${json(example)}`);
  return tags.length ? tags.join('\n') : undefined;
}

function json(value: JsonValue): string {
  return cut(JSON.stringify(value) ?? 'null');
}

/** Raw text (a pattern, a format name) on one line: line breaks shown as `\n`, as in a JSON string. */
function oneLine(text: string): string {
  return cut(text.replace(/\r\n|[\n\r\u2028\u2029]/g, '\\n').replace(/[\u0000-\u001f\u007f]/g, ''));
}

function cut(text: string): string {
  return text.length > MAX_TAG_TEXT ? `${text.slice(0, MAX_TAG_TEXT)}…` : text;
}

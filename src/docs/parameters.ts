import { descriptionOf, schemaProperties } from '../schema/properties.js';
import { isObject, type JsonObject } from '../shared/json.js';
import type { ParameterRow } from './page.js';
import { constraintsOf, defaultOf, resolved, typeText, valuesOf } from './schema-text.js';

/** The most rows one tool's table gets: a catalog's largest inputs have a few hundred properties. */
const MAX_ROWS = 300;

/**
 * The parameter table of a tool, from its input schema: every property at any depth (nested
 * objects, array items, union branches and local `$ref`s, as lint walks them), one row a path
 * (`filter.tags[]`): a path two union branches both declare is listed once, as the first has it.
 */
export function parameterRows(input: JsonObject): { rows: ParameterRow[]; note?: string } {
  const rows: ParameterRow[] = [];
  const seen = new Set<string>();
  let more = 0;
  for (const property of schemaProperties(input)) {
    if (seen.has(property.path)) continue;
    seen.add(property.path);
    if (rows.length === MAX_ROWS) {
      more++;
      continue;
    }
    const node = resolved(input, property.schema);
    const description = descriptionOf(input, property.schema);
    const fallback = defaultOf(node);
    rows.push({
      path: property.path,
      depth: property.depth,
      type: typeText(input, property.schema),
      required: property.required,
      ...(fallback === undefined ? {} : { default: fallback }),
      values: valuesOf(node),
      constraints: constraintsOf(node),
      ...(description === undefined ? {} : { description }),
      deprecated: isObject(node) && node.deprecated === true,
    });
  }
  if (more > 0) return { rows, note: `${more} more properties are not listed here.` };
  if (rows.length > 0) return { rows };
  return { rows, note: emptyNote(input) };
}

/** What a table without rows means: no arguments, or any object the schema does not describe. */
function emptyNote(input: JsonObject): string {
  const closed = input.additionalProperties === false || input.unevaluatedProperties === false;
  if (closed) return 'No parameters.';
  const described = ['anyOf', 'oneOf', 'allOf', '$ref', 'patternProperties'].some(
    (key) => input[key] !== undefined,
  );
  return described
    ? 'The input schema names no properties; see the example and the schema for what it accepts.'
    : 'No parameters are declared; the schema accepts any object.';
}

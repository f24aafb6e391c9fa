import { compareStrings } from '../shared/compare.js';
import { isObject, MAX_SCHEMA_DEPTH, type JsonValue } from '../shared/json.js';
import { pointerToken } from '../shared/pointer.js';

/**
 * Every field path of an inferred schema (JSON pointers; `*` stands for any element of an array),
 * split into those every sample had (required all the way up) and those only some had.
 */
export function fieldsOf(schema: JsonValue): { always: string[]; sometimes: string[] } {
  const always: string[] = [];
  const sometimes: string[] = [];
  walk(schema, '', true, 0, always, sometimes);
  return { always: always.sort(compareStrings), sometimes: sometimes.sort(compareStrings) };
}

function walk(
  schema: JsonValue,
  at: string,
  present: boolean,
  depth: number,
  always: string[],
  sometimes: string[],
): void {
  if (!isObject(schema) || depth > MAX_SCHEMA_DEPTH) return;
  if (Array.isArray(schema.anyOf)) {
    for (const branch of schema.anyOf) walk(branch, at, present, depth + 1, always, sometimes);
    return;
  }
  if (isObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const name of Object.keys(schema.properties)) {
      const path = `${at}/${pointerToken(name)}`;
      const here = present && required.has(name);
      (here ? always : sometimes).push(path);
      walk(schema.properties[name]!, path, here, depth + 1, always, sometimes);
    }
  }
  if (schema.items !== undefined)
    walk(schema.items, `${at}/*`, present, depth + 1, always, sometimes);
}

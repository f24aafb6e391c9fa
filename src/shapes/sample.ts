import { compareStrings } from '../shared/compare.js';
import { isObject, MAX_SCHEMA_DEPTH, tooDeepJson, type JsonValue } from '../shared/json.js';
import { pointerToken } from '../shared/pointer.js';
import { fieldsOf } from './fields.js';
import { widenSchema } from './infer.js';
import { JSON_FORMS, type ContentForm, type ToolShape } from './types.js';

/** One `tools/call` result read for its shape: its form, and the JSON payload when it has one. */
export type ReadResult = { form: ContentForm; payload?: JsonValue } | { skipped: string };

/**
 * A result as the generated client reads it (templates/runtime-classify.ts): `structuredContent`
 * when sent, else the first text block parsed when it is a JSON object or array. Error results
 * are not shapes of the payload, and are skipped.
 */
export function readResult(raw: unknown): ReadResult {
  if (!isObject(raw)) return { skipped: 'not a result object' };
  if (raw.isError === true) return { skipped: 'an error result (isError)' };
  if (raw.structuredContent !== undefined && raw.structuredContent !== null)
    return checked('structuredContent', raw.structuredContent);
  const content = Array.isArray(raw.content) ? raw.content.filter(isObject) : [];
  const first = content[0];
  if (first === undefined) return { form: 'empty' };
  if (first.type === 'text' && typeof first.text === 'string') {
    const json = /^\s*[[{]/.test(first.text) ? parseJson(first.text) : undefined;
    return json === undefined ? { form: 'text' } : checked('json-text', json);
  }
  return { form: typeof first.type === 'string' ? first.type : 'unknown' };
}

function checked(form: ContentForm, payload: JsonValue): ReadResult {
  const deep = tooDeepJson(payload, MAX_SCHEMA_DEPTH);
  return deep === undefined
    ? { form, payload }
    : { skipped: `a payload nested deeper than ${MAX_SCHEMA_DEPTH} levels (at ${deep})` };
}

function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** The shape widened by one result: a new form, a wider schema, the server version it came from. */
export function widenShape(
  shape: ToolShape | undefined,
  result: { form: ContentForm; payload?: JsonValue },
  serverVersion: string | undefined,
): ToolShape {
  const schema =
    result.payload !== undefined && JSON_FORMS.has(result.form)
      ? widenSchema(shape?.schema, result.payload)
      : shape?.schema;
  const next: ToolShape = {
    content: [...new Set([...(shape?.content ?? []), result.form])].sort(compareStrings),
    fields: schema === undefined ? { always: [], sometimes: [] } : fieldsOf(schema),
    seenOn: [
      ...new Set([...(shape?.seenOn ?? []), ...(serverVersion ? [serverVersion] : [])]),
    ].sort(compareStrings),
  };
  if (schema !== undefined) next.schema = schema;
  return next;
}

/** What changed from one shape to the next, one line a change, for people reading `sample`'s output. */
export function describeChanges(before: ToolShape | undefined, after: ToolShape): string[] {
  if (before === undefined) {
    const fields = after.fields.always.length + after.fields.sometimes.length;
    return [`new shape (${after.content.join(', ')}; ${fields} field${fields === 1 ? '' : 's'})`];
  }
  const lines: string[] = [];
  for (const form of after.content)
    if (!before.content.includes(form)) lines.push(`content form added: ${form}`);
  const had = new Set([...before.fields.always, ...before.fields.sometimes]);
  for (const path of [...after.fields.always, ...after.fields.sometimes].sort(compareStrings))
    if (!had.has(path)) lines.push(`field added: ${path}`);
  const sometimes = new Set(after.fields.sometimes);
  for (const path of before.fields.always)
    if (sometimes.has(path)) lines.push(`made optional: ${path}`);
  const oldTypes = typesByPath(before.schema);
  for (const [path, types] of typesByPath(after.schema)) {
    const old = oldTypes.get(path);
    if (old !== undefined && old !== types)
      lines.push(`widened: ${path || '(root)'} ${old} → ${types}`);
  }
  return lines;
}

/** Each path's types, as one sorted `a | b` string. */
function typesByPath(schema: JsonValue | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (node: JsonValue, at: string, depth: number): void => {
    if (!isObject(node) || depth > MAX_SCHEMA_DEPTH) return;
    const types = new Set<string>();
    const branches = Array.isArray(node.anyOf) ? node.anyOf : [node];
    for (const branch of branches) {
      if (!isObject(branch)) continue;
      const type = branch.type;
      for (const t of Array.isArray(type) ? type : [type]) if (typeof t === 'string') types.add(t);
      if (isObject(branch.properties))
        for (const name of Object.keys(branch.properties))
          visit(branch.properties[name]!, `${at}/${pointerToken(name)}`, depth + 1);
      if (branch.items !== undefined) visit(branch.items, `${at}/*`, depth + 1);
    }
    out.set(at, [...types].sort(compareStrings).join(' | '));
  };
  if (schema !== undefined) visit(schema, '', 0);
  return out;
}

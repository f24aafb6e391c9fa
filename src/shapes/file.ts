import { readFile } from 'node:fs/promises';
import { compareStrings } from '../shared/compare.js';
import { InputError } from '../shared/errors.js';
import { isObject, MAX_JSON_DEPTH, setOwn, tooDeepJson, type JsonObject } from '../shared/json.js';
import { pointerToken } from '../shared/pointer.js';
import { canonicalSchema } from '../snapshot/write.js';
import { fieldsOf } from './fields.js';
import type { PayloadSchema } from './infer.js';
import {
  SCHEMA_DIALECT,
  SHAPES_FORMAT,
  SHAPES_VERSION,
  type Shapes,
  type ToolShape,
} from './types.js';

/**
 * Strict, canonical writing: tools by name, keys sorted, 2-space JSON with a trailing newline, so a
 * shapes file only changes when a shape does and its diff in a pull request reads as the change.
 */
export function serializeShapes(shapes: Shapes): string {
  const tools: JsonObject = {};
  for (const name of [...shapes.tools.keys()].sort(compareStrings)) {
    const shape = shapes.tools.get(name)!;
    const entry: JsonObject = {
      content: [...new Set(shape.content)].sort(compareStrings),
      fields: { always: shape.fields.always, sometimes: shape.fields.sometimes },
    };
    if (shape.schema !== undefined)
      entry.schema = canonicalSchema({ $schema: SCHEMA_DIALECT, ...shape.schema });
    entry.seenOn = [...new Set(shape.seenOn)].sort(compareStrings);
    setOwn(tools, name, entry);
  }
  return JSON.stringify({ format: SHAPES_FORMAT, version: SHAPES_VERSION, tools }, null, 2) + '\n';
}

/** The shapes file, or no shapes when it does not exist yet (a server never sampled). */
export async function readShapesFile(file: string): Promise<Shapes> {
  const text = await readShapesText(file);
  return text === undefined ? { tools: new Map() } : parseShapesText(text, file);
}

/** The file's text, undefined when there is none. */
export async function readShapesText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Lenient reading: unknown keys are ignored and `fields` is recomputed from the schema, so a file
 * edited by hand or written by a later version still reads; what cannot be a shape is an error at its pointer.
 */
export function parseShapesText(text: string, file: string): Shapes {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(
      file,
      '',
      `not JSON: ${(error as Error).message}`,
      'run `mcp-codegen sample` to write it again',
    );
  }
  const deep = tooDeepJson(value, MAX_JSON_DEPTH);
  if (deep !== undefined)
    throw new InputError(file, deep, `nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (!isObject(value) || !isObject(value.tools))
    throw new InputError(
      file,
      '/tools',
      'expected a shapes file { format, version, tools: { <tool>: shape } }',
    );
  const tools = new Map<string, ToolShape>();
  for (const name of Object.keys(value.tools)) {
    const at = `/tools/${pointerToken(name)}`;
    const entry = value.tools[name];
    if (!isObject(entry)) throw new InputError(file, at, 'expected a tool shape object');
    const shape: ToolShape = {
      content: strings(entry.content),
      fields: { always: [], sometimes: [] },
      seenOn: strings(entry.seenOn),
    };
    if (entry.schema !== undefined) {
      if (!isObject(entry.schema))
        throw new InputError(file, `${at}/schema`, 'expected a JSON Schema object');
      const { $schema: _dialect, ...schema } = entry.schema;
      shape.schema = schema as PayloadSchema;
      shape.fields = fieldsOf(shape.schema);
    }
    tools.set(name, shape);
  }
  return { tools };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

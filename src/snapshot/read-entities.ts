import { InputError } from '../shared/errors.js';
import type { JsonObject } from '../shared/json.js';
import { pointer } from '../shared/pointer.js';
import type { Prompt, Resource, ResourceTemplate, Tool } from './types.js';

/**
 * One entity of a snapshot at a time, read leniently (absent names default, `null` means absent) and
 * checked strictly where later stages rely on a shape; every problem is an InputError at its pointer.
 */

export function readTool(value: unknown, file: string, index: number): Tool {
  const at = pointer('tools', index);
  const obj = expectObject(value, file, at, 'a tool object with "name" and "inputSchema"');
  const name = expectName(obj.name, file, `${at}/name`);
  // inputSchema is required by the protocol, but old servers omit it for tools without arguments.
  const inputSchema =
    obj.inputSchema === undefined
      ? { type: 'object' }
      : expectSchema(obj.inputSchema, file, `${at}/inputSchema`);
  const tool: Tool = { ...obj, name, inputSchema };
  if (obj.outputSchema === undefined || obj.outputSchema === null) delete tool.outputSchema;
  else tool.outputSchema = expectSchema(obj.outputSchema, file, `${at}/outputSchema`);
  optionalString(tool, 'title', file, at);
  optionalString(tool, 'description', file, at);
  if (obj.annotations !== undefined)
    expectObject(obj.annotations, file, `${at}/annotations`, 'an object');
  return tool;
}

export function readResource(value: unknown, file: string, at: string): Resource {
  return readAddressed(
    value,
    file,
    at,
    'uri',
    'a resource object with "uri" and "name"',
  ) as Resource;
}

export function readTemplate(value: unknown, file: string, at: string): ResourceTemplate {
  const what = 'a resource template object with "uriTemplate" and "name"';
  return readAddressed(value, file, at, 'uriTemplate', what) as ResourceTemplate;
}

/** A resource or template: found by its address (`uri`, `uriTemplate`), which is also its name when it has none. */
function readAddressed(
  value: unknown,
  file: string,
  at: string,
  address: 'uri' | 'uriTemplate',
  what: string,
): Record<string, unknown> {
  const obj = expectObject(value, file, at, what);
  const id = expectName(obj[address], file, `${at}/${address}`);
  const name = obj.name === undefined ? id : expectString(obj.name, file, `${at}/name`);
  const entity: Record<string, unknown> = { ...obj, [address]: id, name };
  optionalString(entity, 'title', file, at);
  optionalString(entity, 'description', file, at);
  return entity;
}

export function readPrompt(value: unknown, file: string, at: string): Prompt {
  const obj = expectObject(value, file, at, 'a prompt object with "name"');
  const prompt: Prompt = { ...obj, name: expectName(obj.name, file, `${at}/name`) };
  optionalString(prompt, 'title', file, at);
  optionalString(prompt, 'description', file, at);
  if (obj.arguments !== undefined && obj.arguments !== null) {
    if (!Array.isArray(obj.arguments))
      throw new InputError(
        file,
        `${at}/arguments`,
        `expected an array, got ${kind(obj.arguments)}`,
      );
    const args = obj.arguments.map((a, i) => {
      const argAt = `${at}/arguments/${i}`;
      const arg = expectObject(a, file, argAt, 'a prompt argument object with "name"');
      if (arg.required !== undefined && typeof arg.required !== 'boolean') {
        throw new InputError(
          file,
          `${argAt}/required`,
          `expected a boolean, got ${kind(arg.required)}`,
        );
      }
      return { ...arg, name: expectName(arg.name, file, `${argAt}/name`) };
    });
    prompt.arguments = uniqueBy(args, (a) => a.name, file, `${at}/arguments`, 'argument name');
  } else {
    delete prompt.arguments;
  }
  return prompt;
}

export function uniqueBy<T>(
  items: T[],
  keyOf: (item: T) => string,
  file: string,
  at: string,
  what: string,
): T[] {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    const first = seen.get(key);
    if (first !== undefined) {
      throw new InputError(
        file,
        `${at}/${i}`,
        `duplicate ${what} ${JSON.stringify(key)} (first at ${at}/${first})`,
        'each must be unique',
      );
    }
    seen.set(key, i);
  });
  return items;
}

export function expectObject(
  value: unknown,
  file: string,
  at: string,
  expected: string,
): JsonObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InputError(file, at, `expected ${expected}, got ${kind(value)}`);
  }
  return value as JsonObject;
}

/** A JSON Schema: an object, or a boolean schema in its object form (`true` is `{}`, `false` is `{ "not": {} }`, same meaning). */
function expectSchema(value: unknown, file: string, at: string): JsonObject {
  if (value === true) return {};
  if (value === false) return { not: {} };
  return expectObject(value, file, at, 'a JSON Schema object (or a boolean schema)');
}

export function expectString(value: unknown, file: string, at: string): string {
  if (typeof value !== 'string')
    throw new InputError(file, at, `expected a string, got ${kind(value)}`);
  return value;
}

function expectName(value: unknown, file: string, at: string): string {
  const s = expectString(value, file, at);
  if (s.length === 0) throw new InputError(file, at, 'must not be empty');
  return s;
}

function optionalString(obj: Record<string, unknown>, key: string, file: string, at: string): void {
  if (obj[key] === null) delete obj[key];
  else if (obj[key] !== undefined) expectString(obj[key], file, `${at}/${key}`);
}

export function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  return typeof value === 'object'
    ? 'an object'
    : `${typeof value} ${JSON.stringify(value)}`.slice(0, 80);
}

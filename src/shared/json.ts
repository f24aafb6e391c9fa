import { readFile } from 'node:fs/promises';
import { InputError } from './errors.js';
import { pointerToken } from './pointer.js';

/** JSON as parsed: what a server sends and a snapshot stores. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value when it is a JSON object, else an empty one. */
export function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

/**
 * Set an own property: plain assignment of `__proto__` would set the prototype instead (what a
 * server's schema may name a property), so that one key is defined, as `Object.fromEntries` does.
 */
export function setOwn(target: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
}

/**
 * The one depth bound of every stage. Types, branch and input-kind analysis stop at this many
 * nested subschemas (deeper parts are typed `unknown`, with a warning); reading rejects JSON nested
 * deeper than MAX_JSON_DEPTH, so that every later recursion (canonical writing, `JSON.stringify`,
 * the diff) is bounded by construction. A subschema level is one or two JSON levels
 * (`properties` → name → schema); the factor leaves room for that and for `$ref` hops.
 */
export const MAX_SCHEMA_DEPTH = 64;
export const MAX_JSON_DEPTH = MAX_SCHEMA_DEPTH * 16;

/** The pointer of the first JSON value nested deeper than `limit` (depth first, without recursion), if any. */
export function tooDeepJson(value: unknown, limit = MAX_JSON_DEPTH, base = ''): string | undefined {
  // Every snapshot read walks the whole document, so the common (shallow) case keeps only nodes and
  // depths; pointers are built in a second walk, only when the bound is crossed.
  return exceedsDepth(value, limit) ? firstTooDeep(value, limit, base) : undefined;
}

function exceedsDepth(value: unknown, limit: number): boolean {
  const nodes: unknown[] = [value];
  const depths: number[] = [0];
  while (nodes.length) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (const child of node)
        if (child !== null && typeof child === 'object')
          (nodes.push(child), depths.push(depth + 1));
    } else {
      for (const key in node) {
        const child = (node as JsonObject)[key];
        if (child !== null && typeof child === 'object')
          (nodes.push(child), depths.push(depth + 1));
      }
    }
  }
  return false;
}

function firstTooDeep(value: unknown, limit: number, base: string): string | undefined {
  const stack: Array<[unknown, string, number]> = [[value, base, 0]];
  while (stack.length) {
    const [node, at, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return at;
    const entries = Array.isArray(node)
      ? node.map((v, i) => [String(i), v] as const)
      : Object.entries(node);
    for (const [key, child] of entries)
      if (child !== null && typeof child === 'object')
        stack.push([child, `${at}/${pointerToken(key)}`, depth + 1]);
  }
  return undefined;
}

/**
 * About how many characters `value` takes as JSON, counted only up to `limit` (the walk stops there,
 * so sizing a 10 MB catalog against a small bound reads a small part of it). Strings count their
 * length, keys theirs plus punctuation; exact enough to choose between one thread and several.
 */
export function jsonSizeUpTo(value: unknown, limit: number): number {
  let size = 0;
  const nodes: unknown[] = [value];
  while (nodes.length > 0 && size < limit) {
    const node = nodes.pop();
    if (typeof node === 'string') size += node.length + 2;
    else if (node === null || typeof node !== 'object') size += 4;
    else if (Array.isArray(node)) {
      size += 1 + node.length;
      for (const child of node) nodes.push(child);
    } else
      for (const [key, child] of Object.entries(node)) {
        size += key.length + 4;
        nodes.push(child);
      }
  }
  return Math.min(size, limit);
}

/**
 * A JSON file read and parsed: a file that is missing or unreadable, or not JSON, is an
 * InputError naming it (with `missingHint` when it does not exist).
 */
export async function readJsonFile(file: string, missingHint?: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(
      file,
      '',
      code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? String(error)})`,
      code === 'ENOENT' ? missingHint : undefined,
    );
  }
  return parseJsonText(text, file);
}

/**
 * A JSON file's text parsed (a byte-order mark skipped); invalid JSON is an InputError naming the
 * file and the line and column where parsing stopped.
 */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch (error) {
    throw new InputError(file, '', `is not valid JSON: ${describeJsonError(text, error)}`);
  }
}

function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const match = /position (\d+)/.exec(message);
  if (!match) return message;
  const offset = Number(match[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  // Node says `… in JSON at position 16` or `… after JSON at position 16`: the line and column replace it.
  return `${message.replace(/ (?:in JSON )?at position \d+.*$/, '')} at line ${line}, column ${column}`;
}

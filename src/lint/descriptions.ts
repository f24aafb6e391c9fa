import { pointerToken } from '../shared/pointer.js';
import { derefSchema } from '../schema/refs.js';
import { isObject } from '../shared/json.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { type LintContext, toolEntity, toolSubject } from './context.js';
import { nameWords, quote, utf8Bytes } from './text.js';

const PLACEHOLDER =
  /^(todo|tbd|fixme|n\/?a|none|description|no description|placeholder|\.+|-+)\.?$/i;
/** Words that carry no meaning of their own when judging whether a description only repeats the name. */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'this',
  'tool',
  'function',
  'to',
  'for',
  'of',
  'and',
  'or',
  'it',
  'that',
  'is',
  'will',
  'can',
  'used',
  'use',
  'with',
  'by',
  'from',
  'in',
  'on',
]);
/** How deep `input-property-undocumented` follows nested objects, arrays and `$ref`s. */
const MAX_DEPTH = 8;

/** Descriptions rules: every tool and parameter described, specifically, within a budget. */
export function checkDescriptions(ctx: LintContext): void {
  for (const tool of ctx.snapshot.tools) {
    const entity = toolEntity(tool.name);
    const subject = toolSubject(tool.name);
    const description = typeof tool.description === 'string' ? tool.description.trim() : '';
    if (description === '') {
      ctx.out.add(
        'tool-description-missing',
        entity,
        '/description',
        '',
        `${subject}: no description; say what the tool does, what it returns and when not to use it`,
      );
    } else {
      const vague = vagueness(description, tool.name);
      if (vague)
        ctx.out.add(
          'tool-description-vague',
          entity,
          '/description',
          vague,
          `${subject}: the description ${quote(description, 60)} ${vague}; say what the tool does, what it returns and when not to use it`,
        );
      const bytes = utf8Bytes(tool.description!);
      if (bytes > ctx.descriptionBudget) {
        ctx.out.add(
          'tool-description-too-long',
          entity,
          '/description',
          String(ctx.descriptionBudget),
          `${subject}: the description is ${bytes} bytes, over the budget of ${ctx.descriptionBudget}; every tool's description is sent to the model on every turn`,
        );
      }
    }
    for (const { pointer, path } of undocumentedProperties(
      tool.inputSchema,
      tool.inputSchema,
      '/inputSchema',
      '',
      0,
      new Set(),
    )) {
      ctx.out.add(
        'input-property-undocumented',
        entity,
        pointer,
        '',
        `${subject}: input property ${quote(path, 60)} has no description; the model has only its name to go on`,
      );
    }
  }
}

function vagueness(description: string, name: string): string | undefined {
  if (PLACEHOLDER.test(description)) return 'is a placeholder';
  const words = description.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const own = new Set(nameWords(name));
  const meaningful = words.filter((w) => !FILLER.has(w));
  if (
    meaningful.length > 0 &&
    meaningful.every((w) => own.has(w) || own.has(w.replace(/e?s$/, '')))
  )
    return 'only repeats the name';
  if (words.length < 4) return `has ${words.length} word${words.length === 1 ? '' : 's'}`;
  return undefined;
}

/**
 * Input properties without a description, at any depth: object properties, array items, union
 * branches, following local `$ref`s (a described `$ref` target counts). `seen` holds the `$ref`s on
 * the current path, so a recursive definition is visited once.
 */
function* undocumentedProperties(
  root: JsonObject,
  node: JsonValue,
  pointer: string,
  path: string,
  depth: number,
  seen: Set<string>,
): Generator<{ pointer: string; path: string }> {
  if (depth > MAX_DEPTH || !isObject(node)) return;
  const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
  if (ref !== undefined) {
    if (seen.has(ref)) return;
    const target = derefSchema(root, node);
    if (isObject(target))
      yield* undocumentedProperties(
        root,
        { ...target, ...withoutRef(node) },
        pointer,
        path,
        depth + 1,
        new Set([...seen, ref]),
      );
    return;
  }
  if (isObject(node.properties)) {
    for (const [key, child] of Object.entries(node.properties)) {
      const at = `${pointer}/properties/${pointerToken(key)}`;
      const childPath = path ? `${path}.${key}` : key;
      if (!described(root, child)) yield { pointer: at, path: childPath };
      yield* undocumentedProperties(root, child, at, childPath, depth + 1, seen);
    }
  }
  if (isObject(node.items))
    yield* undocumentedProperties(
      root,
      node.items,
      `${pointer}/items`,
      `${path}[]`,
      depth + 1,
      seen,
    );
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = node[keyword];
    if (Array.isArray(list))
      for (let i = 0; i < list.length; i++)
        yield* undocumentedProperties(
          root,
          list[i]!,
          `${pointer}/${keyword}/${i}`,
          path,
          depth + 1,
          seen,
        );
  }
}

function described(root: JsonObject, schema: JsonValue): boolean {
  if (!isObject(schema)) return false;
  if (typeof schema.description === 'string' && schema.description.trim() !== '') return true;
  const target = typeof schema.$ref === 'string' ? derefSchema(root, schema) : undefined;
  return (
    isObject(target) && typeof target.description === 'string' && target.description.trim() !== ''
  );
}

function withoutRef(node: JsonObject): JsonObject {
  const { $ref: _ref, ...rest } = node;
  return rest;
}

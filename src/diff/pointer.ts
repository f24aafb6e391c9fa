import { decodePointerToken } from '../shared/pointer.js';
import { SUBSCHEMA_LISTS_ONLY } from '../shared/schema-keywords.js';

/** RFC 6901 tokens of a pointer ('' is the whole document). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map(decodePointerToken);
}

export function lastToken(pointer: string): string | undefined {
  const tokens = pointerTokens(pointer);
  return tokens[tokens.length - 1];
}

const INDEXED = new Set<string>(SUBSCHEMA_LISTS_ONLY);
/** Property maps only: a `$defs` name is not a property of the value. */
const NAMED = new Set(['properties', 'patternProperties', 'dependentSchemas']);

/**
 * Where in a tool's schema a pointer lands, for people: `/inputSchema/properties/a/items/properties/b/maxLength`
 * is the input property `a[].b`, keyword `maxLength`. Reading the path beats reading the pointer.
 */
export function schemaLocation(pointer: string): {
  side: 'input' | 'output';
  path: string;
  keyword?: string;
  property: boolean;
} {
  const tokens = pointerTokens(pointer);
  const side = tokens[0] === 'outputSchema' ? 'output' : 'input';
  let path = '';
  let keyword: string | undefined;
  let property = false;
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (i === tokens.length - 1) {
      keyword = token;
      break;
    }
    property = false;
    if (NAMED.has(token) && next !== undefined) {
      path += token === 'properties' ? `${path ? '.' : ''}${next}` : `${path ? '.' : ''}{${next}}`;
      property = token === 'properties';
      i++;
    } else if (INDEXED.has(token) && next !== undefined && /^\d+$/.test(next)) {
      path += token === 'prefixItems' ? `[${next}]` : `${path ? '.' : ''}${token}[${next}]`;
      i++;
    } else if (token === 'items' || token === 'additionalProperties') {
      path += token === 'items' ? '[]' : `${path ? '.' : ''}*`;
    } else {
      path += `${path ? '.' : ''}${token}`;
    }
  }
  return keyword === undefined ? { side, path, property } : { side, path, keyword, property };
}

/** `input property "a.b"`, `output schema at "anyOf[1]"`, or `input schema` (the root). */
export function describeSchemaPointer(pointer: string): string {
  const { side, path, property } = schemaLocation(pointer);
  if (!path) return `${side} schema`;
  return property
    ? `${side} property ${JSON.stringify(path)}`
    : `${side} schema at ${JSON.stringify(path)}`;
}

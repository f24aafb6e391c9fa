import { pointerToken } from '../shared/pointer.js';
import type { JsonValue } from '../snapshot/types.js';

export { quote } from '../shared/hidden-text.js';

/** Length in UTF-8 bytes, the unit description budgets are stated in. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * A tool name as lowercase words: `searchNotes`, `search_notes`, `search-notes`, `Search.Notes`
 * and `searchNotesV2` → `search`, `notes` (and `v2`). Digits stay with their letters (`base64`, `s3`).
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/** Where a string sits in a JSON value: its keys and indices, unescaped; `pointerOf` makes the pointer. */
export type StringPath = ReadonlyArray<string | number>;

/**
 * Every string in a JSON value (object keys included), in document order, with its path. The path is
 * one array, changed as the walk goes: a visitor that keeps it copies it. A pointer is built only for
 * the strings a rule reports, not for each of the catalog's hundreds of thousands.
 */
export function forEachString(
  value: JsonValue | undefined,
  visit: (text: string, key: boolean, path: StringPath) => void,
): void {
  const path: Array<string | number> = [];
  const walk = (node: JsonValue | undefined): void => {
    if (typeof node === 'string') visit(node, false, path);
    else if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        walk(node[i]);
        path.pop();
      }
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        path.push(key);
        visit(key, true, path);
        walk(node[key]);
        path.pop();
      }
    }
  };
  walk(value);
}

/** The RFC 6901 pointer of a path. */
export function pointerOf(path: StringPath): string {
  let out = '';
  for (const token of path) out += `/${pointerToken(token)}`;
  return out;
}

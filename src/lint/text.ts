import { pointerToken } from '../shared/pointer.js';
import { escapeHidden } from '../shared/hidden-text.js';
import type { JsonValue } from '../snapshot/types.js';

/** A short quotation of server text for a message: JSON-quoted (one line), hidden characters escaped. */
export function quote(text: string, max = 80): string {
  const cut = [...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text;
  return escapeHidden(JSON.stringify(cut));
}

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

/** Every string in a JSON value (object keys included), with its RFC 6901 pointer. */
export function* strings(
  value: JsonValue | undefined,
  pointer = '',
): Generator<{ pointer: string; text: string; key: boolean }> {
  if (typeof value === 'string') yield { pointer, text: value, key: false };
  else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* strings(value[i], `${pointer}/${i}`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const at = `${pointer}/${pointerToken(key)}`;
      yield { pointer: at, text: key, key: true };
      yield* strings(child, at);
    }
  }
}

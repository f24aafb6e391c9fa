import { pointerToken } from '../shared/pointer.js';
import type { JsonValue } from '../snapshot/types.js';

/**
 * Characters a reader does not see but a model reads: zero-width characters, bidirectional
 * controls (which reorder what is displayed), Unicode tag characters U+E0000–U+E007F (invisible
 * ASCII, the "ASCII smuggling" carrier), and C0/C1 control characters other than tab, LF and CR.
 */
const HIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;

/** Every hidden character in `text`, in order of first appearance, escaped (`\u200b`, `\u{e0041}`). */
export function hiddenCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(HIDDEN)) found.add(escapeCodePoint(match[0]));
  return [...found];
}

function escapeCodePoint(char: string): string {
  const code = char.codePointAt(0)!;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Server text made safe to print: hidden characters and line separators shown as escapes, never
 * raw, so a report cannot carry the very payload it warns about.
 */
export function escapeHidden(text: string): string {
  return text.replace(HIDDEN, escapeCodePoint).replace(/[\u2028\u2029]/g, escapeCodePoint);
}

/** A short quotation of server text for a message: JSON-quoted (one line), hidden characters escaped. */
export function quote(text: string, max = 80): string {
  const cut = [...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text;
  return escapeHidden(JSON.stringify(cut));
}

/**
 * The same JSON document with hidden characters written as JSON escapes: the parsed value is
 * unchanged (entity ids stay exact for ignore entries), the text is safe to view in a terminal or a log.
 */
export function escapeJsonText(json: string): string {
  return json.replace(HIDDEN, (c) => [...c].map(jsonEscape).join('')).replace(/[\u2028\u2029]/g, jsonEscape);
}

function jsonEscape(char: string): string {
  // A tag character is two UTF-16 code units; JSON escapes each unit.
  return char
    .split('')
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');
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
export function* strings(value: JsonValue | undefined, pointer = ''): Generator<{ pointer: string; text: string; key: boolean }> {
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

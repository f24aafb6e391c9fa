/**
 * Showing untrusted text safely: what a server sends (names, descriptions, enum values) may hide
 * characters a reader does not see but a model reads, or drive a terminal. Used by every report
 * (diff, lint), by generation's warnings and by discovery's.
 */

/**
 * Characters a reader does not see but a model reads: zero-width characters, bidirectional
 * controls (which reorder what is displayed), Unicode tag characters U+E0000–U+E007F (invisible
 * ASCII, the "ASCII smuggling" carrier), and C0/C1 control characters other than tab, LF and CR.
 */
const HIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;

const HIDDEN_ANY = new RegExp(HIDDEN.source, 'u');

/** Every hidden character in `text`, in order of first appearance, escaped (`\u200b`, `\u{e0041}`). */
export function hiddenCharacters(text: string): string[] {
  // Almost no text has any: one test first, without building a match per character or a set.
  if (!HIDDEN_ANY.test(text)) return [];
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

const HIDDEN_OR_SEPARATOR = new RegExp(`${HIDDEN.source}|[\\u2028\\u2029]`, 'gu');

/**
 * `text` in runs, in order: plain text, and each hidden character or line separator on its own,
 * escaped (`\u200b`), for a renderer that shows the escapes apart from the text around them.
 */
export function hiddenRuns(text: string): Array<{ text: string; hidden: boolean }> {
  // Almost no text has any: one test first, as hiddenCharacters does.
  if (!HIDDEN_ANY.test(text) && !/[\u2028\u2029]/.test(text)) return [{ text, hidden: false }];
  const runs: Array<{ text: string; hidden: boolean }> = [];
  let last = 0;
  for (const match of text.matchAll(HIDDEN_OR_SEPARATOR)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), hidden: false });
    runs.push({ text: escapeCodePoint(match[0]), hidden: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), hidden: false });
  return runs;
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
  return json
    .replace(HIDDEN, (c) => [...c].map(jsonEscape).join(''))
    .replace(/[\u2028\u2029]/g, jsonEscape);
}

function jsonEscape(char: string): string {
  // A tag character is two UTF-16 code units; JSON escapes each unit.
  return char
    .split('')
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');
}

/**
 * C0/C1 control characters (ESC included) and hidden characters (zero-width, bidi controls, tag
 * characters) shown as \u escapes: server text must not drive a terminal or a CI log, nor carry
 * text a reader cannot see.
 */
export function visible(text: string): string {
  return escapeHidden(text).replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

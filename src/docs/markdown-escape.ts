import { escapeHidden } from '../shared/hidden-text.js';

/**
 * Server text in Markdown, inert: every character CommonMark or GitHub gives a meaning inline is
 * backslash-escaped (emphasis, code, links and images, raw HTML and autolinks, entities, tables,
 * strikethrough, math). Hidden characters are shown as escapes (`\u200b`) first, so a page cannot
 * hide what the server sent. One line, placed after other text (a heading's `#`, a list's `-`, a
 * table's `|`): line breaks become spaces.
 */
export function mdText(text: string): string {
  return escapeInline(oneLine(text));
}

/**
 * A description: paragraphs at blank lines, its lines kept as hard line breaks, each escaped as
 * `mdText` does and, since each starts a line, so is whatever would start a block there (a
 * list marker, a setext underline or thematic break, an ordered-list number).
 */
export function mdParagraphs(text: string): string {
  return text
    .trim()
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) =>
      paragraph
        .split(/\r?\n/)
        .map((line) => escapeLine(escapeHidden(line).trim()))
        .filter((line) => line !== '')
        .join('\\\n'),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/**
 * Server text as a code span: literal inside (no escape applies there), so it is fenced with more
 * backticks than any run in it, on one line; in a table cell, `|` is escaped (GFM removes the
 * backslash before the span is read).
 */
export function mdCode(text: string, inTable = false): string {
  const line = oneLine(text);
  const body = inTable ? line.replace(/\|/g, '\\|') : line;
  const fence = '`'.repeat(longestRun(body, '`') + 1);
  const pad = body.startsWith('`') || body.endsWith('`') || /^ .* $/.test(body) ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** A fenced code block whose fence no backtick run inside can close. */
export function mdCodeBlock(code: string, language: string): string {
  const body = escapeHidden(code).replace(/\r\n?/g, '\n');
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
  return `${fence}${language}\n${body}\n${fence}`;
}

function oneLine(text: string): string {
  return escapeHidden(text)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
}

const INLINE = /[\\`*_[\]<>|~&$#]/g;

/**
 * The inline escapes, and GFM's autolinks broken (`http\://`, `www\.`): a URL the server sent
 * stays text, not a link a reader follows by a click.
 */
function escapeInline(text: string): string {
  return text
    .replace(INLINE, (c) => `\\${c}`)
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/\b(www)\./gi, '$1\\.');
}

function escapeLine(line: string): string {
  const escaped = escapeInline(line);
  // (`#`, `>`, `*`, `_`, `` ` `` and `~` are escaped wherever they are.)
  return escaped.replace(/^([-+=]|\d{1,9}(?=[.)]))/, (m) => (/^\d/.test(m) ? `${m}\\` : `\\${m}`));
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

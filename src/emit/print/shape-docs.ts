/**
 * Prettier docs filled in: a shape's doc (from prettier itself) with each placeholder replaced by
 * what prettier prints for the token it stands for. The two token kinds prettier rewrites are
 * printed here exactly as its estree printer does (prettier 3, `printString` and `printComment`):
 * string literals re-quoted, and block comments re-indented when every line starts with `*`.
 */
import { doc as prettierDoc } from 'prettier';
import { MARK, type Slot } from './shape-tokens.js';

type Doc = prettierDoc.builders.Doc;
const { hardline, join, literalline, markAsRoot } = prettierDoc.builders;

/** A string literal as prettier prints it: the quote that needs fewer escapes, preferring `singleQuote`'s. */
export function printString(literal: string, singleQuote: boolean): string {
  const raw = literal.slice(1, -1);
  let singles = 0;
  let doubles = 0;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code === 39) singles++;
    else if (code === 34) doubles++;
  }
  const preferred = singleQuote ? "'" : '"';
  const alternate = singleQuote ? '"' : "'";
  const enclosing = (singleQuote ? singles > doubles : doubles > singles) ? alternate : preferred;
  const other = enclosing === '"' ? "'" : '"';
  const body = raw.replace(/\\(.)|(["'])/gs, (_match, escaped?: string, quote?: string) => {
    if (escaped === other) return escaped;
    if (quote === enclosing) return `\\${quote}`;
    if (quote) return quote;
    return /^[^\n\r"'0-7\\bfnrt-vx\u2028\u2029]$/.test(escaped!) ? escaped! : `\\${escaped}`;
  });
  return enclosing + body + enclosing;
}

/** The lines of a block comment prettier re-indents (each starts with `*`), or none. */
function indentableLines(value: string): string[] {
  if (!value.includes('\n')) return [];
  const lines: string[] = [];
  for (const line of `*${value}*`.split('\n')) {
    const trimmed = line.trimStart();
    if (!trimmed.startsWith('*')) return [];
    lines.push(trimmed);
  }
  return lines;
}

/** A comment as prettier prints it. */
export function printComment(token: string): Doc {
  if (token.startsWith('//')) return token.trimEnd();
  const value = token.slice(2, -2);
  const lines = indentableLines(value);
  if (lines.length === 0) return ['/*', join(literalline, value.split('\n')), '*/'];
  const jsDocStyle = value[0] === '*' && value[1] !== '*';
  return [
    '/',
    lines.map((line, i): Doc => {
      if (i === 0) return [line.trimEnd(), hardline];
      if (i === lines.length - 1) return [' ', line];
      const trimmed = line.trimEnd();
      // A JSDoc line ending in two spaces is a markdown line break, which prettier keeps.
      return jsDocStyle && trimmed !== '*' && line.endsWith('  ')
        ? [[' ', trimmed], '  ', markAsRoot(literalline)]
        : [[' ', trimmed], hardline];
    }),
    '/',
  ];
}

const PLACEHOLDER = new RegExp(`(['"]?)([A-Za-z_$]?)${MARK}(\\d{6})${MARK}\\1`, 'g');
const LINE_COMMENT = new RegExp(`^// ${MARK}(\\d{6})${MARK}$`);
const BLOCK_COMMENT = new RegExp(`^\\* ${MARK}(\\d{6})${MARK} $`);

/** The slot of a block comment's placeholder value (`[value]` or `value` between "/*" and "*\/"). */
function blockSlot(value: Doc): number | undefined {
  const text = Array.isArray(value) && value.length === 1 ? value[0] : value;
  const match = typeof text === 'string' ? BLOCK_COMMENT.exec(text) : null;
  return match ? Number(match[1]) : undefined;
}

const slotted = new WeakMap<object, boolean>();

/** Whether a part of a template has a placeholder in it (remembered: templates are filled many times). */
function hasSlots(doc: Doc): boolean {
  if (typeof doc === 'string') return doc.includes(MARK);
  const known = slotted.get(doc);
  if (known !== undefined) return known;
  const parts = doc as unknown as Record<string, Doc | undefined>;
  const found = Array.isArray(doc)
    ? doc.some(hasSlots)
    : ['contents', 'breakContents', 'flatContents', 'parts', 'expandedStates'].some(
        (key) => parts[key] !== undefined && hasSlots(parts[key]),
      );
  slotted.set(doc, found);
  return found;
}

/**
 * `template` with the slots filled in: the parts with a placeholder are copies, the rest is shared.
 * Printing marks a group broken when it holds a hard line break (prettier's propagateBreaks), so a
 * template's own groups are only ever marked as every statement of that shape would mark them.
 * A block comment's placeholder is printed `"/*", [value], "*\/"`; the three become the comment's own doc.
 */
export function fillDoc(template: Doc, slots: readonly Slot[], singleQuote: boolean): Doc {
  const fill = (doc: Doc): Doc => {
    if (!hasSlots(doc)) return doc;
    if (typeof doc === 'string') {
      const line = LINE_COMMENT.exec(doc);
      if (line) return printComment(slots[Number(line[1])]!.text);
      return doc.replace(PLACEHOLDER, (_m, quote: string, _first: string, n: string) => {
        const slot = slots[Number(n)]!;
        // An identifier's placeholder includes its first character; quoted (a quoted key), it stays quoted.
        return slot.kind === 'string'
          ? printString(slot.text, singleQuote)
          : quote + slot.text + quote;
      });
    }
    if (Array.isArray(doc)) {
      const out: Doc[] = [];
      for (let i = 0; i < doc.length; i++) {
        const block = doc[i] === '/*' && doc[i + 2] === '*/' ? blockSlot(doc[i + 1]!) : undefined;
        if (block === undefined) {
          out.push(fill(doc[i]!));
          continue;
        }
        out.push(printComment(slots[block]!.text));
        i += 2;
      }
      return out;
    }
    const copy = { ...doc } as Record<string, unknown>;
    const source = doc as unknown as Record<string, Doc | Doc[] | undefined>;
    if (source.contents !== undefined) copy.contents = fill(source.contents as Doc);
    if (source.breakContents !== undefined) copy.breakContents = fill(source.breakContents as Doc);
    if (source.flatContents !== undefined) copy.flatContents = fill(source.flatContents as Doc);
    if (Array.isArray(source.parts)) copy.parts = source.parts.map(fill);
    if (Array.isArray(source.expandedStates)) {
      const states = source.expandedStates.map(fill);
      copy.expandedStates = states;
      // A conditional group's contents is its first state: kept one object, as prettier builds it.
      if (source.expandedStates[0] === source.contents) copy.contents = states[0];
    }
    return copy as unknown as Doc;
  };
  return fill(template);
}

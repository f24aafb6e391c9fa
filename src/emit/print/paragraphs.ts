/**
 * One blank line between top-level declarations, and none between consecutive imports: prettier keeps
 * blank lines but never adds them, and a paragraph per declaration keeps review diffs readable.
 *
 * A text pass, not a parse: the sources it sees are json-schema-to-typescript's output (declarations,
 * each with at most its JSDoc before it) and our own printers' (the same, plus imports). It follows
 * brackets, strings and comments only to know which lines start at the top level. A line there that
 * starts with a declaration keyword or a JSDoc starts a paragraph; a JSDoc stays with the declaration
 * after it, as it is that declaration's doc; any other line continues the paragraph before it.
 */
export function paragraphs(source: string): string {
  const parts: string[] = [];
  let previousWasImport = false;
  for (const [start, end] of paragraphRanges(source)) {
    const text = source.slice(start, end).trimEnd();
    if (text === '') continue;
    const isImport = text.startsWith('import ');
    parts.push(
      parts.length === 0 ? text : `${isImport && previousWasImport ? '\n' : '\n\n'}${text}`,
    );
    previousWasImport = isImport;
  }
  return parts.join('') + '\n';
}

const DECLARATION =
  /(?:export|import|declare|type|interface|enum|const|let|var|function|class|abstract|async|namespace|module)\b/y;

/** Where each paragraph starts (at a top-level line start) and ends (where the next one starts). */
function paragraphRanges(source: string): Array<[number, number]> {
  const starts: number[] = [];
  let depth = 0;
  let pendingDoc = false; // a top-level JSDoc started the current paragraph, its declaration is still to come
  let i = 0;
  const length = source.length;
  while (i < length) {
    if (depth === 0 && (i === 0 || source.charCodeAt(i - 1) === 10)) {
      let first = i;
      while (source[first] === ' ' || source[first] === '\t') first++;
      if (source.startsWith('/**', first)) {
        if (!pendingDoc) starts.push(i);
        pendingDoc = true;
      } else if (source.startsWith('//', first) || source.startsWith('/*', first)) {
        // As ts-morph reads them: a plain comment on its own line is a statement of its own, unless a JSDoc came first.
        if (!pendingDoc) starts.push(i);
      } else if (isDeclarationAt(source, first)) {
        if (!pendingDoc) starts.push(i);
        pendingDoc = false;
      }
    }
    i = skipToken(source, i);
    const code = source.charCodeAt(i);
    if (code === 123 || code === 40 || code === 91) depth++;
    else if (code === 125 || code === 41 || code === 93) depth = Math.max(0, depth - 1);
    i++;
  }
  if (starts[0] !== 0) starts.unshift(0);
  return starts.map((start, k) => [start, starts[k + 1] ?? length]);
}

function isDeclarationAt(source: string, at: number): boolean {
  DECLARATION.lastIndex = at;
  return DECLARATION.test(source);
}

/**
 * From `i`, past a comment or a string literal if one starts there, to its last character; `i` itself
 * otherwise. Line starts inside a comment or a string are never top-level lines.
 */
function skipToken(source: string, i: number): number {
  const code = source.charCodeAt(i);
  if (code === 47 /* / */) {
    const next = source.charCodeAt(i + 1);
    if (next === 42 /* * */) {
      const end = source.indexOf('*/', i + 2);
      return end === -1 ? source.length : end + 1;
    }
    if (next === 47) {
      const end = source.indexOf('\n', i);
      return end === -1 ? source.length : end - 1;
    }
    return i;
  }
  if (code === 34 || code === 39 || code === 96 /* " ' ` */) {
    let j = i + 1;
    while (j < source.length) {
      const c = source.charCodeAt(j);
      if (c === 92 /* \ */) j += 2;
      else if (c === code) return j;
      else j++;
    }
    return source.length;
  }
  return i;
}

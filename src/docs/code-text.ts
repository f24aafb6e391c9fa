/**
 * The docs' code, laid out without a formatter: prettier takes seconds on a large catalog's result
 * types, and the page needs none of its choices. Two printers, each deterministic and each fed
 * only by `JSON.stringify` (values) or json-schema-to-typescript (types).
 */

const WIDTH = 80;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A value as a TypeScript literal: single-quoted strings, bare keys where they are identifiers, on
 * one line when it fits in 80 columns from `column` (where it starts), else one member a line,
 * indented from `indent` (the indentation of the line it starts on).
 */
export function literal(value: unknown, column = 0, indent = 0): string {
  const flat = flatLiteral(value);
  if (column + flat.length <= WIDTH || typeof value !== 'object' || value === null) return flat;
  const pad = ' '.repeat(indent + 2);
  const end = ' '.repeat(indent);
  if (Array.isArray(value))
    return `[\n${value.map((item) => `${pad}${literal(item, indent + 2, indent + 2)},`).join('\n')}\n${end}]`;
  return `{\n${Object.entries(value)
    .map(([key, item]) => {
      const name = keyText(key);
      return `${pad}${name}: ${literal(item, indent + 4 + name.length, indent + 2)},`;
    })
    .join('\n')}\n${end}}`;
}

function flatLiteral(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(flatLiteral).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([k, v]) => `${keyText(k)}: ${flatLiteral(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `__proto__` is quoted too: bare, it would set the prototype in an object literal. */
function keyText(key: string): string {
  return IDENTIFIER.test(key) && key !== '__proto__' ? key : quote(key);
}

/** JSON.stringify's escaping, in single quotes: `"` unescaped, `'` escaped. */
export function quote(text: string): string {
  const json = JSON.stringify(text);
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/**
 * json-schema-to-typescript's unformatted declarations (one member a line, nothing indented),
 * indented two spaces a level: the depth at each line comes from the brackets before it, strings
 * and comments skipped; a line that starts by closing a bracket is dedented, a JSDoc line keeps
 * its ` * ` alignment. Blank lines stay as they are.
 */
export function indentDeclarations(source: string): string {
  let depth = 0;
  let inComment = false;
  return source
    .split('\n')
    .map((raw) => {
      const text = raw.trim();
      if (text === '') return '';
      let indent = depth;
      if (inComment) {
        const line = `${'  '.repeat(indent)}${text.startsWith('*') ? ' ' : ''}${text}`;
        ({ depth, inComment } = scan(text, depth, true));
        return line;
      }
      const closers = /^[}\])]*/.exec(text)![0].length;
      indent = Math.max(0, depth - closers);
      ({ depth, inComment } = scan(text, depth, false));
      return `${'  '.repeat(indent)}${text}`;
    })
    .join('\n');
}

/** The bracket depth after `line`, and whether a block comment is still open. */
function scan(
  line: string,
  start: number,
  commentOpen: boolean,
): { depth: number; inComment: boolean } {
  let depth = start;
  let inComment = commentOpen;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (inComment) {
      if (c === '*' && line[i + 1] === '/') {
        inComment = false;
        i++;
      }
    } else if (c === '/' && line[i + 1] === '*') {
      inComment = true;
      i++;
    } else if (c === '/' && line[i + 1] === '/') break;
    else if (c === '"' || c === "'" || c === '`') {
      for (i++; i < line.length && line[i] !== c; i++) if (line[i] === '\\') i++;
    } else if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth = Math.max(0, depth - 1);
  }
  return { depth, inComment };
}

/**
 * A statement's shape: its text with every server-dependent token (long identifiers, string
 * literals, comments) replaced by a numbered placeholder. The tools, client and index files repeat a
 * few shapes thousands of times (one per tool), so prettier lays out each shape once and
 * shape-format.ts fills in the tokens (see there for why the layout is prettier's own).
 */

type SlotKind = 'identifier' | 'string' | 'comment';

export interface Slot {
  kind: SlotKind;
  /** The token as it is in the statement (a string literal with its quotes, a comment with its markers). */
  text: string;
}

export interface Shaped {
  shape: string;
  slots: Slot[];
}

/** The placeholder mark: a letter (U+01C2), so a placeholder identifier is still an identifier. */
export const MARK = 'ǂ';

/**
 * Identifiers this long or shorter stay in the shape. Prettier treats some names specially (short
 * names in member chains are at most tabWidth long; test calls such as `it`), so only names longer
 * than that are placeholders, and a placeholder keeps the name's first character (capitalised
 * names are "factories" to prettier). Keywords always stay, whatever their length.
 */
const KEEP_LENGTH = 8;
const KEYWORDS = new Set(
  (
    'abstract accessor asserts async await bigint boolean constructor continue debugger declare ' +
    'default delete export extends function global implements import infer instanceof interface ' +
    'keyof module namespace never number object override package private protected public readonly ' +
    'require return satisfies static string switch symbol typeof undefined unique unknown yield ' +
    'afterAll afterEach beforeAll beforeEach describe'
  ).split(' '),
);

// Comments, string literals (as emitted: JSON-quoted, or single-quoted), identifiers and private
// names; a backtick (a template literal) makes the statement shapeless.
const TOKEN =
  /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|#?[A-Za-z_$][\w$]*|`/g;
// A string literal followed by `:` or `?:` is a property key: prettier may unquote it, depending on
// its text, so it stays in the shape.
const KEY_AFTER = /^\??:/;

// Comments prettier may read, not only print: `// prettier-ignore` keeps the next node as written, and
// a JSDoc `@type`/`@satisfies` before a parenthesis is a type cast. Server text reaches comments, so a
// statement with one is left to prettier whatever the comment's style.
const SPECIAL_COMMENT = /prettier-ignore|@type\b|@satisfies\b/;

const number = (n: number) => String(n).padStart(6, '0');

/**
 * The shape of one statement, or undefined when it has none this module can fill back in (a
 * template literal, a comment prettier reads, or text that already contains the placeholder mark). The same token text gets
 * the same placeholder, so the shape also records which tokens are equal.
 */
export function shapeOf(text: string): Shaped | undefined {
  if (text.includes(MARK)) return undefined;
  const slots: Slot[] = [];
  const seen = new Map<string, number>();
  const slot = (kind: SlotKind, token: string): string => {
    const key = `${kind}\0${token}`;
    let n = seen.get(key);
    if (n === undefined) {
      n = slots.length;
      slots.push({ kind, text: token });
      seen.set(key, n);
    }
    return `${MARK}${number(n)}${MARK}`;
  };
  let shapeless = false;
  const shape = text.replace(TOKEN, (token: string, at: number) => {
    const first = token[0]!;
    if (first === '`') {
      shapeless = true;
      return token;
    }
    if (first === '/') {
      if (SPECIAL_COMMENT.test(token)) shapeless = true;
      return token[1] === '*' ? `/** ${slot('comment', token)} */` : `// ${slot('comment', token)}`;
    }
    if (first === '"' || first === "'") {
      if (KEY_AFTER.test(text.slice(at + token.length, at + token.length + 2))) return token;
      return `'${slot('string', token)}'`;
    }
    const isPrivate = first === '#';
    const name = isPrivate ? token.slice(1) : token;
    if (name.length <= KEEP_LENGTH || KEYWORDS.has(name)) return token;
    return `${isPrivate ? '#' : ''}${name[0]}${slot('identifier', name)}`;
  });
  return shapeless ? undefined : { shape, slots };
}

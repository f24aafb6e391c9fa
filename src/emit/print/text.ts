/**
 * Server text in generated code. Everything that reaches a comment or a literal passes through
 * here, so no name, description or value can close a comment, break a string or add a statement.
 */

const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029]/g;

/** Text for a JSDoc block: `*\/` cannot close it, line separators are plain newlines. */
function docText(text: string): string {
  return text
    .replace(LINE_BREAKS, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .trim();
}

/** Text for a `//` comment: one line. */
export function lineText(text: string): string {
  return docText(text).replace(/\n+/g, ' ');
}

/** A JSDoc comment body from paragraphs (empty ones dropped); print.ts's `jsDoc` adds the `/** *\/`. */
export function docs(...paragraphs: Array<string | undefined | false>): string[] {
  const body = paragraphs
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map(docText)
    .join('\n\n');
  return body ? [body] : [];
}

/** A string literal. JSON's escaping is valid JavaScript and covers quotes, backslashes and control characters. */
export function str(value: string): string {
  return JSON.stringify(value);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) && name !== '__proto__' ? name : str(name);
}

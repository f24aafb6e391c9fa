/**
 * The printer's layout, as text: what ts-morph's structure printer wrote for these declarations
 * (four-space indents, JSDoc blocks, continuation lines of an initializer indented one level more),
 * without building a syntax tree for megabytes of code that prettier reformats anyway. Only the
 * line breaks and blank lines matter to prettier; the indentation is kept for readable raw output.
 */

export const INDENT = '    ';

/** A JSDoc block from `docs()` (none when empty), each line at `indent`, ending in a newline. */
export function jsDoc(docs: readonly string[], indent = ''): string {
  let out = '';
  for (const text of docs) {
    const lines = text.split(/\r?\n/);
    if (lines.length <= 1) {
      out += `${indent}/** ${lines[0]} */\n`;
      continue;
    }
    const body = lines.slice(lines[0] === '' ? 1 : 0);
    out += `${indent}/**\n${body.map((l) => `${indent} *${l ? ` ${l}` : ''}\n`).join('')}${indent} */\n`;
  }
  return out;
}

/** Text that continues on more lines (an initializer): every non-empty line after the first at `indent`. */
export function hanging(text: string, indent: string): string {
  if (!text.includes('\n')) return text;
  return text.replace(/\n(?=[^\n])/g, `\n${indent}`);
}

/** A block body: each statement on its own line, one level in from `indent`. */
export function block(statements: readonly string[], indent = ''): string {
  return `{\n${statements.map((s) => `${indent}${INDENT}${s}\n`).join('')}${indent}}`;
}

/** A file's statements: consecutive imports together, a blank line between every other pair. */
export function fileText(statements: readonly string[]): string {
  let out = '';
  statements.forEach((statement, i) => {
    if (i > 0) out += isImport(statement) && isImport(statements[i - 1]!) ? '\n' : '\n\n';
    out += statement;
  });
  return out + '\n';
}

const isImport = (statement: string) => statement.startsWith('import ');

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

/**
 * A class declaration kept in parts: its head (`export class X`, after its JSDoc) and its members,
 * each with its own JSDoc and trailing newline, so shape-format.ts can lay out each member alone.
 */
export interface ClassStatement {
  head: string;
  members: ReadonlyArray<{ text: string; blankBefore: boolean }>;
}

/** A top-level statement: its text, or a class in parts. */
export type Statement = string | ClassStatement;

/** The text of a statement. */
function statementText(statement: Statement): string {
  if (typeof statement === 'string') return statement;
  let body = '';
  statement.members.forEach((member, i) => {
    if (i > 0 && member.blankBefore) body += '\n';
    body += member.text;
  });
  return `${statement.head} {\n${body}}`;
}

const isImport = (statement: Statement) =>
  typeof statement === 'string' && statement.startsWith('import ');
const isModuleStatement = (statement: Statement) =>
  typeof statement === 'string' && MODULE_STATEMENT.test(statement);
const MODULE_STATEMENT = /^(?:import |export (?:type )?(?:\{[^}]*\}|\*(?: as [\w$]+)?) from )/;

/**
 * Which consecutive statements go on consecutive lines (every other pair has a blank line between):
 * imports (the tools and client files), or imports and re-exports (index.ts, one re-export a line).
 * A name rather than a function, so that a statement list can be sent to a worker thread.
 */
export type Together = 'imports' | 'reexports';

/** What goes between two consecutive statements. */
export function separator(together: Together, previous: Statement, next: Statement): string {
  const same =
    together === 'imports'
      ? isImport(previous) && isImport(next)
      : isModuleStatement(previous) && isModuleStatement(next);
  return same ? '\n' : '\n\n';
}

/** A file's statements, separated as `together` says. */
export function fileText(statements: readonly Statement[], together: Together = 'imports'): string {
  let out = '';
  statements.forEach((statement, i) => {
    if (i > 0) out += separator(together, statements[i - 1]!, statement);
    out += statementText(statement);
  });
  return out + '\n';
}

/** A file as its statements: what shape-format.ts formats. */
export interface StatementList {
  list: readonly Statement[];
  together: Together;
}

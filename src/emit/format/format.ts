import { createHash } from 'node:crypto';
import * as prettier from 'prettier';
import type { EmittedFile } from '../emit.js';
import { FormatPool } from './format-pool.js';
import { assemble, formatUnits, shapesSupport, unitsOf } from '../print/shape-format.js';
import { prettierOptionsFor } from './prettier-options.js';

export { FormatPool } from './format-pool.js';
export { prettierOptionsFor } from './prettier-options.js';

/**
 * Formatted runs from an earlier run (`known`, by memoKey) and the ones this run used (`used`, to
 * store for the next). Keyed by the run's text and the prettier options; the caller scopes it to
 * one generator build (which pins prettier's version), so a hit is exactly what prettier would print.
 */
export interface FormatMemo {
  known: ReadonlyMap<string, string>;
  used: Map<string, string>;
}

function memoKey(settings: prettier.Options, chunk: string): string {
  return createHash('sha256')
    .update(JSON.stringify(settings))
    .update('\0')
    .update(chunk)
    .digest('base64url');
}

/**
 * An emitted file formatted: from its statements by shape (shape-format.ts) when it has them and the
 * options allow, else its text by prettier. The memo gives back each statement (and class member)
 * formatted by an earlier run, so a one-tool change formats that tool's statements alone.
 */
export async function formatEmitted(
  file: EmittedFile,
  filepath: string,
  options: prettier.Options,
  pool?: FormatPool,
  memo?: FormatMemo,
): Promise<string> {
  const settings = { ...options, filepath, parser: 'babel-ts' };
  if (file.statements === undefined || !shapesSupport(settings))
    return formatTypeScript(file.content, filepath, options, pool, memo);
  const units = unitsOf(file.statements);
  // A statement is never a run's whole text with its final newline, but the keys are kept apart anyway.
  const keys = memo ? units.map((u) => memoKey(settings, `\0${u.kind}\0${u.text}`)) : [];
  const known = keys.map((key) => memo!.known.get(key));
  const todo = units.filter((_, i) => known[i] === undefined);
  const size = todo.reduce((sum, u) => sum + u.text.length, 0);
  const fresh =
    todo.length === 0
      ? []
      : await (pool ? pool.formatShapes(todo, size, settings) : formatUnits(todo, settings));
  if (fresh === undefined) return formatTypeScript(file.content, filepath, options, pool, memo);
  let next = 0;
  const texts = units.map((_, i) => known[i] ?? fresh[next++]!);
  keys.forEach((key, i) => memo!.used.set(key, texts[i]!));
  return assemble(file.statements, texts);
}

/**
 * Format once, in memory, with the user's prettier config for the output file when there is one:
 * `--check` compares formatted text, so formatting never makes fresh output look stale.
 *
 * A large file is cut into runs of whole top-level statements (see `splitStatements`) and each run
 * is formatted on its own, in the pool's worker threads when it has any: prettier prints
 * top-level statements independently, so the joined result is the text a single call would give,
 * whatever the number of workers. If any run fails to parse (a cut in the wrong place), the whole
 * file is formatted in one call instead.
 */
export async function formatTypeScript(
  source: string,
  filepath: string,
  options?: prettier.Options,
  pool: FormatPool = new FormatPool(1),
  memo?: FormatMemo,
): Promise<string> {
  // babel-ts prints the same as the typescript parser for the code we emit, and parses ~40% faster.
  const settings = {
    ...(options ?? (await prettierOptionsFor(filepath))),
    filepath,
    parser: 'babel-ts',
  };
  // Even a file of one run goes to the pool: formatted here, it would hold up the emit of the next.
  const chunks = splitStatements(source);
  const keys = memo ? chunks.map((chunk) => memoKey(settings, chunk)) : [];
  const known = keys.map((key) => memo?.known.get(key));
  const todo = chunks.filter((_, i) => known[i] === undefined);
  const fresh = todo.length === 0 ? [] : await pool.format(todo, settings);
  // A cut that did not fall between statements shows up as a parse error in one of the runs.
  if (fresh === undefined) return prettier.format(source, settings);
  let next = 0;
  const formatted = known.length ? known.map((text) => text ?? fresh[next++]!) : fresh;
  keys.forEach((key, i) => memo!.used.set(key, formatted[i]!));
  return formatted.join('\n');
}

/** Runs are cut at a content-chosen boundary once they have MIN_RUN characters, and at any boundary past MAX_RUN. */
const MIN_RUN = 16 * 1024;
const MAX_RUN = 128 * 1024;

/**
 * Cut generated source at blank lines that separate top-level statements: the line before ends a
 * statement (`;`, `}` or the end of a comment) and the next starts at column 0 with a statement
 * keyword or a comment. Where to cut is chosen by the text after the blank line (a hash of its
 * first line), not by position, so an edit in one place moves no cut elsewhere: runs before and
 * after it are the same text as before, and the format memo still has them. The runs depend on
 * the text alone, never on the number of workers. A small file stays one run.
 */
export function splitStatements(source: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  const boundary =
    /[;}/]\n\n(?=export |import |const |let |type |interface |function |class |declare |\/\*\*|\/\/)/g;
  for (let match = boundary.exec(source); match; match = boundary.exec(source)) {
    const end = match.index + 2; // keep the statement's own newline, drop the blank line
    const length = end - start;
    if (length < MIN_RUN) continue;
    if (length < MAX_RUN && lineHash(source, end + 1) % 8 !== 0) continue;
    chunks.push(source.slice(start, end));
    start = end + 1;
  }
  if (start < source.length) chunks.push(source.slice(start));
  return chunks;
}

/** FNV-1a over the line starting at `from` (at most 200 characters). */
function lineHash(source: string, from: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < source.length && i < from + 200; i++) {
    const code = source.charCodeAt(i);
    if (code === 10) break;
    hash = Math.imul(hash ^ code, 0x01000193) >>> 0;
  }
  return hash;
}

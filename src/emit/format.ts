import * as prettier from 'prettier';
import { FormatPool } from './format-pool.js';

export { FormatPool } from './format-pool.js';

/** The user's prettier options for an output file (their config, if any, with our defaults under it). */
export async function prettierOptionsFor(filepath: string): Promise<prettier.Options> {
  const config = (await prettier.resolveConfig(filepath, { editorconfig: false })) ?? {};
  return { printWidth: 100, singleQuote: true, ...config };
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
): Promise<string> {
  // babel-ts prints the same as the typescript parser for the code we emit, and parses ~40% faster.
  const settings = {
    ...(options ?? (await prettierOptionsFor(filepath))),
    filepath,
    parser: 'babel-ts',
  };
  const chunks = splitStatements(source);
  if (chunks.length < 2) return prettier.format(source, settings);
  const formatted = await pool.format(chunks, settings);
  // A cut that did not fall between statements shows up as a parse error in one of the runs.
  if (formatted === undefined) return prettier.format(source, settings);
  return formatted.join('\n');
}

/** Runs of about this many characters: big enough that the per-call overhead is small, small enough to share out. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Cut generated source at blank lines that separate top-level statements: the line before ends a
 * statement (`;`, `}` or the end of a comment) and the next starts at column 0 with a statement
 * keyword or a comment. Cuts are only made once a run has CHUNK_CHARS characters, so the runs
 * depend on the text alone (never on the number of workers). A small file stays one run.
 */
export function splitStatements(source: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  const boundary =
    /[;}/]\n\n(?=export |import |const |let |type |interface |function |class |declare |\/\*\*|\/\/)/g;
  for (let match = boundary.exec(source); match; match = boundary.exec(source)) {
    const end = match.index + 2; // keep the statement's own newline, drop the blank line
    if (end - start < CHUNK_CHARS) continue;
    chunks.push(source.slice(start, end));
    start = end + 1;
  }
  if (start < source.length) chunks.push(source.slice(start));
  return chunks;
}

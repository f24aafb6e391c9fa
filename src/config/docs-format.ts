import { extname } from 'node:path';
import { DOCS_FORMATS, type DocsFormat } from './types.js';

/** What a docs file's extension says it is. */
const BY_EXTENSION: Readonly<Record<string, DocsFormat>> = {
  '.html': 'html',
  '.htm': 'html',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.txt': 'llms-txt',
};

/** A docs request that cannot be met: what is wrong, which option, and how to fix it. */
export interface DocsProblem {
  option: 'format' | 'split' | 'full' | 'out';
  message: string;
  hint: string;
}

/**
 * The format of the docs `mcp-codegen docs` (or a server's `docs`) writes: the one given, else
 * what `out`'s extension says, else Markdown for a `split` folder; with the combinations that
 * mean nothing refused (`split` is Markdown's, `full` is llms-txt's, a split `out` is a folder).
 */
export function docsFormatOf(
  out: string,
  given: unknown,
  split: boolean,
  full: boolean,
): DocsFormat | DocsProblem {
  const ext = extname(out).toLowerCase();
  if (given !== undefined && !DOCS_FORMATS.includes(given as DocsFormat))
    return {
      option: 'format',
      message: `unknown docs format ${JSON.stringify(given)}`,
      hint: `one of ${DOCS_FORMATS.join(', ')}`,
    };
  const format =
    (given as DocsFormat | undefined) ?? BY_EXTENSION[ext] ?? (split ? 'markdown' : undefined);
  if (format === undefined)
    return {
      option: 'format',
      message: `cannot tell the docs format from ${JSON.stringify(out)}`,
      hint: 'name it (html, markdown or llms-txt), or end the file name in .html, .md or .txt',
    };
  if (split && format !== 'markdown')
    return {
      option: 'split',
      message: `split writes one Markdown page a tool, not ${format}`,
      hint: format === 'html' ? 'html is one self-contained page: drop split' : 'drop split',
    };
  if (split && BY_EXTENSION[ext] !== undefined)
    return {
      option: 'out',
      message: `with split, out names a folder, not the file ${JSON.stringify(out)}`,
      hint: 'e.g. docs/weather: README.md and tools/<tool>.md are written in it',
    };
  if (full && format !== 'llms-txt')
    return {
      option: 'full',
      message: `full adds llms-full.txt to the llms-txt format, not to ${format}`,
      hint: 'drop full, or write llms-txt',
    };
  return format;
}

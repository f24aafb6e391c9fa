import { basename, dirname, extname, join } from 'node:path';
import type { DocsFormat } from '../config/types.js';
import { buildDocsPage, type DocsInputs } from './build.js';
import { renderHtml } from './html.js';
import { renderLlmsFull, renderLlmsIndex } from './llms-txt.js';
import { renderMarkdown, renderMarkdownIndex, renderMarkdownTool } from './markdown.js';

export interface DocsOptions {
  format: DocsFormat;
  /** Markdown only: one page a tool under `<out>/tools/`, and `<out>/README.md`. */
  split?: boolean;
  /** llms-txt only: llms-full.txt beside the index too. */
  full?: boolean;
  /** The file (or, with `split`, the folder) to write. */
  out: string;
}

export interface DocsFile {
  file: string;
  content: string;
}

/**
 * The docs of one server, in memory: every file, with its path under `out`. Nothing is written
 * here; the caller writes them all or none. Deterministic: the same snapshot, model and options
 * give the same bytes on every machine (no time, no absolute path, no locale).
 */
export async function renderDocs(inputs: DocsInputs, options: DocsOptions): Promise<DocsFile[]> {
  const page = await buildDocsPage(inputs);
  const { out } = options;
  if (options.format === 'html') return [{ file: out, content: renderHtml(page) }];
  if (options.format === 'llms-txt') {
    if (!options.full) return [{ file: out, content: renderLlmsIndex(page, undefined) }];
    const full = llmsFullPath(out);
    return [
      { file: out, content: renderLlmsIndex(page, basename(full)) },
      { file: full, content: renderLlmsFull(page) },
    ];
  }
  if (!options.split) return [{ file: out, content: renderMarkdown(page) }];
  return [
    { file: join(out, page.index), content: renderMarkdownIndex(page) },
    ...page.tools.map((tool) => ({
      file: join(out, tool.page),
      content: renderMarkdownTool(page, tool),
    })),
  ];
}

/** `llms.txt` → `llms-full.txt`; `docs/weather.txt` → `docs/weather-full.txt`: beside the index. */
export function llmsFullPath(out: string): string {
  const ext = extname(out);
  return join(dirname(out), `${basename(out, ext)}-full${ext || '.txt'}`);
}

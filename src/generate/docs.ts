import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import { docsFormatOf } from '../config/docs-format.js';
import type { DocsConfig, DocsFormat, ServerConfig } from '../config/types.js';
import type { ClientModel } from '../model/types.js';
import type { Snapshot } from '../snapshot/types.js';
import type { CachedFile } from './output-cache.js';

/**
 * What the docs' examples import the client from: the output folder as the config names it, from
 * the config's folder (`./src/generated/weather/index.js`). Relative, so the page is the same on
 * every machine.
 */
export function clientImportPath(root: string, out: string): string {
  const path = (isAbsolute(out) ? relative(root, out) : out).split(sep).join('/');
  const normal = posix.normalize(path).replace(/\/$/, '');
  const prefixed = normal.startsWith('../') || normal === '..' ? normal : `./${normal}`;
  return `${prefixed.replace(/^\.\/\.$/, '.')}/index.js`;
}

/** The format the docs are written in: the config was validated on load, so this only reads it. */
export function docsFormat(docs: DocsConfig): DocsFormat {
  const format = docsFormatOf(docs.out, docs.format, docs.split === true, docs.full === true);
  if (typeof format !== 'string') throw new Error(format.message); // unreachable after validation
  return format;
}

/**
 * A server's docs (config `docs`), rendered with its client from the same snapshot and model, as
 * files relative to the output folder (outside it: `../../docs/weather.html`) so the output cache
 * and the manifest carry them with the client's own files.
 */
export async function renderServerDocs(args: {
  snapshot: Snapshot;
  model: ClientModel;
  server: ServerConfig;
  root: string;
  outDir: string;
}): Promise<CachedFile[]> {
  const { snapshot, model, server, root, outDir } = args;
  const docs = server.docs!;
  const { renderDocs } = await import('../docs/render.js');
  const files = await renderDocs(
    { snapshot, model, importPath: clientImportPath(root, server.out) },
    {
      format: docsFormat(docs),
      split: docs.split === true,
      full: docs.full === true,
      out: resolve(root, docs.out),
    },
  );
  return files.map((f) => ({
    path: relative(outDir, f.file).split(sep).join('/'),
    content: f.content,
    prettier: null,
  }));
}

/**
 * Tree-shaking of generated clients: esbuild bundles (minified ESM) an entry that imports one tool
 * function through the client's index.ts, against a client generated for the 1,223-tool GitHub REST
 * corpus and against a client of that one tool alone. The ratio is what an app pays for the tools it
 * does not call (1.00 is nothing). test/per-tool-bundle.test.ts asserts the bound; this prints sizes.
 *
 *   node --import tsx bench/tree-shake.ts
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { renderClient } from '../src/generate/render.js';
import type { Layout } from '../src/model/types.js';
import { parseSnapshot } from '../src/snapshot/index.js';
import { emitUnformatted } from '../test/helpers/render.js';
import { openapiCatalog } from './corpus/openapi-catalog.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface TreeShakeRow {
  layout: Layout;
  tools: number;
  /** The function the entry imports. */
  imported: string;
  /** Minified bundle bytes: the entry against the whole catalog's client, and against a one-tool client. */
  full: number;
  alone: number;
  /** Tool names (as sent on the wire) found in the full bundle: only the imported one when shaking holds. */
  toolNamesInFull: string[];
}

/** The minified ESM bundle of `contents` (TypeScript), resolving imports from `resolveDir`. */
export async function bundleEntry(
  contents: string,
  resolveDir: string,
  minify = true,
): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'ts' },
    bundle: true,
    format: 'esm',
    minify,
    write: false,
    platform: 'neutral',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * Write a client for `catalog` into `dir` and bundle an entry importing `functionName` from its index.
 * `formatted: false` writes the emitted files as printed, before prettier: the minified bundle is the
 * same bytes (esbuild drops the layout and the comments), and a 1,223-file client is formatted in
 * seconds of CPU that the test of its tree-shaking does not need.
 */
async function bundleOne(
  catalog: { tools: object[] },
  layout: Layout,
  dir: string,
  pick: (functions: string[]) => string,
  formatted: boolean,
): Promise<{ bytes: number; imported: string; tools: number; toolNames: string[] }> {
  const snapshot = parseSnapshot(catalog, 'tree-shake corpus');
  const server = { name: 'corpus', layout };
  const { files, model } = formatted
    ? await renderClient(snapshot, server, join(dir, 'client'))
    : await emitUnformatted(snapshot, server);
  await rm(dir, { recursive: true, force: true });
  for (const file of files) {
    await mkdir(dirname(join(dir, 'client', file.path)), { recursive: true });
    await writeFile(join(dir, 'client', file.path), file.content);
  }
  const imported = pick(model.tools.map((t) => t.functionName));
  const text = await bundleEntry(
    `import { ${imported} } from './client/index.js';\nexport const call = ${imported};\n`,
    dir,
  );
  const toolNames = model.tools
    .map((t) => t.tool.name)
    .filter((name) => text.includes(JSON.stringify(name)));
  return {
    bytes: Buffer.byteLength(text),
    imported,
    tools: model.tools.length,
    toolNames,
  };
}

/**
 * One row per layout; `work` is a folder inside the repo (esbuild resolves nothing outside it).
 * `formatted` (the default) bundles the client as `generate` writes it.
 */
export async function measureTreeShake(
  layouts: readonly Layout[] = ['single', 'per-tool'],
  work = join(repoRoot, 'test/.tmp/tree-shake'),
  { formatted = true }: { formatted?: boolean } = {},
): Promise<TreeShakeRow[]> {
  const catalog = openapiCatalog();
  // A tool with an output schema and a body, so its validators and types are in the bundle: the first in name order.
  const tool = [...catalog.tools]
    .sort((a, b) => (String(a.name) < String(b.name) ? -1 : 1))
    .find((t) => t.outputSchema !== undefined)!;
  const rows: TreeShakeRow[] = [];
  for (const layout of layouts) {
    const alone = await bundleOne(
      { tools: [tool] },
      layout,
      join(work, `${layout}-alone`),
      (functions) => functions[0]!,
      formatted,
    );
    const full = await bundleOne(
      catalog,
      layout,
      join(work, `${layout}-full`),
      (functions) => (functions.includes(alone.imported) ? alone.imported : functions[0]!),
      formatted,
    );
    rows.push({
      layout,
      tools: full.tools,
      imported: full.imported,
      full: full.bytes,
      alone: alone.bytes,
      toolNamesInFull: full.toolNames,
    });
  }
  return rows;
}

export async function main(): Promise<void> {
  for (const row of await measureTreeShake()) {
    console.log(
      `tree-shake (${row.layout}): import { ${row.imported} } bundles to ${row.full} B from the ${row.tools}-tool client, ${row.alone} B from a one-tool client: ${(row.full / row.alone).toFixed(2)}x`,
    );
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main();

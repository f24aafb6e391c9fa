/**
 * Size of the generated client for the largest real catalogs in ../shared/catalogs (by file size,
 * and the largest with output schemas, where validators are emitted): bytes per generated file.
 *
 *   node --import tsx bench/output-size.ts
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderClient } from '../src/generate/render.js';
import { readSnapshotFile } from '../src/snapshot/index.js';

const catalogsDir = new URL('../../shared/catalogs/', import.meta.url);

export interface OutputSizeRow {
  catalog: string;
  tools: number;
  withOutputSchema: number;
  /** Bytes per generated file, and the total. */
  files: Record<string, number>;
  total: number;
}

/** The largest catalog by file size, and the largest whose tools declare output schemas. */
async function pickCatalogs(): Promise<string[]> {
  const dir = catalogsDir.pathname;
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f));
  files.sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b));
  const picked = files.slice(0, 1);
  for (const file of files) {
    const snapshot = await readSnapshotFile(file);
    if (snapshot.tools.some((t) => t.outputSchema)) {
      if (!picked.includes(file)) picked.push(file);
      break;
    }
  }
  return picked;
}

export async function run(): Promise<OutputSizeRow[]> {
  const rows: OutputSizeRow[] = [];
  for (const file of await pickCatalogs()) {
    const snapshot = await readSnapshotFile(file);
    const { files: rendered } = await renderClient(snapshot, { name: 'bench' }, '/nonexistent/out');
    const files: Record<string, number> = {};
    for (const f of rendered) files[f.path] = Buffer.byteLength(f.content);
    const total = Object.values(files).reduce((a, b) => a + b, 0);
    rows.push({
      catalog: basename(file),
      tools: snapshot.tools.length,
      withOutputSchema: snapshot.tools.filter((t) => t.outputSchema).length,
      files,
      total,
    });
  }
  return rows;
}

export async function main(): Promise<void> {
  const rows = await run();
  if (rows.length === 0) {
    console.log(`output size: ../shared/catalogs not found at ${catalogsDir.pathname}, skipped`);
    return;
  }
  for (const row of rows) {
    const parts = Object.entries(row.files)
      .map(([path, bytes]) => `${path} ${bytes}`)
      .join(', ');
    console.log(
      `output size: ${row.catalog} (${row.tools} tools, ${row.withOutputSchema} with outputSchema): ${row.total} bytes (${parts})`,
    );
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main();

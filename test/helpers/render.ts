import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { renderClient } from '../../src/generate/render.js';
import { readSnapshotFile } from '../../src/snapshot/index.js';

/** Generate a client from a catalog file, in memory. */
export async function renderCatalog(
  file: string,
  name = basename(file, '.json'),
  outDir = '/nonexistent/out',
) {
  const snapshot = await readSnapshotFile(file);
  return renderClient(snapshot, { name }, outDir);
}

/** Write rendered files into a fresh folder. */
export async function writeFiles(
  dir: string,
  files: Array<{ path: string; content: string }>,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content);
  }
}

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { emitClient } from '../../src/emit/emit.js';
import { renderClient } from '../../src/generate/render.js';
import { buildClientModel } from '../../src/model/build.js';
import type { ClientModel } from '../../src/model/types.js';
import { readSnapshotFile, type Snapshot } from '../../src/snapshot/index.js';
import { ADAPTERS } from '../../src/emit/agents/adapters.js';

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

/**
 * A client's files as emitted, before prettier, and its model: for a test of what formatting leaves
 * alone (the files emitted with `format: false`, such as code-mode.d.ts) or cannot change (what a
 * minified bundle holds), where formatting every file would be most of the test's CPU.
 */
export async function emitUnformatted(
  snapshot: Snapshot,
  server: Parameters<typeof buildClientModel>[1],
): Promise<{ files: Array<{ path: string; content: string }>; model: ClientModel }> {
  const model = buildClientModel(snapshot, server, ADAPTERS);
  const files = await emitClient(model);
  return { files: files.map(({ path, content }) => ({ path, content })), model };
}

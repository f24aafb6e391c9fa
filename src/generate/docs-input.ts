import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedConfig, ServerConfig } from '../config/types.js';
import type { ClientModel } from '../model/types.js';
import { parseSnapshotText } from '../snapshot/read.js';
import type { Snapshot } from '../snapshot/types.js';
import { loadInput } from './input.js';
import { hasGeneratedHeader, readIfExists } from './ownership.js';
import { loadShapesInput } from './shapes.js';

/**
 * A configured server's catalog and model, as `generate --offline` makes them: its committed
 * snapshot (no server is contacted), its shapes file and `outputs` for the result types it does
 * not declare, its `errors`. What `mcp-codegen docs --server` renders.
 */
export async function loadServerCatalog(
  server: ServerConfig,
  config: ResolvedConfig,
): Promise<{ snapshot: Snapshot; model: ClientModel }> {
  const input = await loadInput(server, config, { config, offline: true }, async (_s, work) =>
    work(),
  );
  const snapshot = parseSnapshotText(input.text, input.file);
  const shapes = await loadShapesInput(server, config);
  const { buildClientModel } = await import('../model/build.js');
  return { snapshot, model: buildClientModel(snapshot, server, shapes.undeclared) };
}

/**
 * The pages of a `split` docs folder that are ours (they start with the docs' mark) and that this
 * run no longer makes (`keep`): a tool's page after the tool is gone. Only `tools/` is looked in.
 */
export async function strayDocsPages(folder: string, keep: ReadonlySet<string>): Promise<string[]> {
  const dir = join(folder, 'tools');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const stray: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.md')).sort()) {
    const file = join(dir, name);
    if (keep.has(file)) continue;
    const text = await readIfExists(file);
    if (text !== undefined && hasGeneratedHeader(text)) stray.push(file);
  }
  return stray;
}

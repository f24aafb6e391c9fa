import { resolve } from 'node:path';
import type { ClientModel } from '../model/types.js';
import type { EmittedFile } from '../emit/emit.js';
import type { Snapshot } from '../snapshot/types.js';
import type { CanonicalDefinitions } from '../snapshot/write.js';
import { jsonSizeUpTo } from '../shared/json.js';
import { SMALL_WORK, workerCount } from '../shared/worker-thread.js';
import { openMemos, saveMemos } from './memo.js';
import type { CachedFile } from './output-cache.js';
import { optionsText } from './prettier-hash.js';
import type { RenderServer } from './shapes.js';
import type { Timer } from './types.js';

/** One client's files, formatted, in memory: paths relative to `outDir` (which locates the prettier config). */
export async function renderClient(
  snapshot: Snapshot,
  server: RenderServer,
  outDir: string,
  time: Timer = async (_stage, work) => work(),
): Promise<{ files: Array<{ path: string; content: string }>; model: ClientModel }> {
  const { files, model } = await renderFiles(snapshot, server, outDir, time);
  return { files: files.map(({ path, content }) => ({ path, content })), model };
}

export async function renderFiles(
  snapshot: Snapshot,
  server: RenderServer,
  outDir: string,
  time: Timer,
  cache?: { dir: string; build: string },
  /** The snapshot's canonical definitions, when its canonical text was written already. */
  canonical?: CanonicalDefinitions,
): Promise<{ files: CachedFile[]; model: ClientModel }> {
  // The emit stack (json-schema-to-typescript, prettier) is most of a cold run's start-up:
  // loaded here, so a cached or failing run never pays for it.
  const [
    { buildClientModel },
    { ADAPTERS, emitClient, formattedPaths },
    { FormatPool, formatEmitted, prettierOptionsFor },
  ] = await time('load', () =>
    Promise.all([
      import('../model/build.js'),
      import('../emit/emit.js'),
      import('../emit/format/format.js'),
    ]),
  );
  // Started first: the formatting threads load prettier while this one builds the model. A small
  // catalog is done sooner without them.
  const threads = workerCount(jsonSizeUpTo(snapshot.tools, SMALL_WORK));
  const pool = new FormatPool(threads);
  const memos = await openMemos(cache, outDir);
  try {
    const model = await time('model', () =>
      buildClientModel(snapshot, server, ADAPTERS, server.undeclared, canonical),
    );
    // Options resolved before emit, so that each file goes to the formatting threads the moment it is
    // printed (an await would hold it until this thread is free). Once the last is sent, this thread
    // formats too (help) until every run is taken.
    const optionsByPath = new Map(
      await Promise.all(
        formattedPaths(model).map(
          async (path) => [path, await prettierOptionsFor(resolve(outDir, path))] as const,
        ),
      ),
    );
    const formatting = new Map<string, Promise<CachedFile>>();
    const format = async (file: EmittedFile): Promise<CachedFile> => {
      if (!file.format) return { path: file.path, content: file.content, prettier: null };
      const filepath = resolve(outDir, file.path);
      const options = optionsByPath.get(file.path) ?? (await prettierOptionsFor(filepath));
      const content = await formatEmitted(file, filepath, options, pool, memos?.format);
      return { path: file.path, content, prettier: optionsText(options) };
    };
    let helping: Promise<void> | undefined;
    const start = (file: EmittedFile) => {
      const formatted = format(file);
      formatted.catch(() => undefined); // awaited below; an emit failure first must not leave it unhandled
      formatting.set(file.path, formatted);
      if (formatting.size === optionsByPath.size) helping = pool.help();
    };
    const emitted = await time('emit', () => emitClient(model, start));
    const [files] = await time('format', () =>
      Promise.all([
        Promise.all(emitted.map((file) => formatting.get(file.path) ?? format(file))),
        helping,
        pool.help(),
      ]),
    );
    if (cache && memos) await time('cache', () => saveMemos(cache, outDir, memos));
    return { files, model };
  } finally {
    await pool.close();
  }
}

import type { FormatMemo } from '../emit/format/format.js';
import { readMemo, writeMemo } from './output-cache.js';

/** What a run into one output folder may reuse from the last: formatted runs. */
export interface Memos {
  format: FormatMemo;
}

type Cache = { dir: string; build: string };

/** The memos of the last run into `outDir`, each entry checked; none without a cache. */
export async function openMemos(
  cache: Cache | undefined,
  outDir: string,
): Promise<Memos | undefined> {
  if (cache === undefined) return undefined;
  const format = await readMemo(cache.dir, outDir, cache.build, 'format');
  const formatted = [...format].filter((e): e is [string, string] => typeof e[1] === 'string');
  return { format: { known: new Map(formatted), used: new Map() } };
}

/** Keeps what this run used (and only that, so the memos do not grow with every change). */
export async function saveMemos(cache: Cache, outDir: string, memos: Memos): Promise<void> {
  await writeMemo(cache.dir, outDir, cache.build, 'format', memos.format.used);
}

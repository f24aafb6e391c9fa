import type { FormatMemo } from '../emit/format.js';
import type { CompileMemo } from '../emit/validators/memo.js';
import { readMemo, writeMemo } from './output-cache.js';

/** What a run into one output folder may reuse from the last: formatted runs and compiled validators. */
export interface Memos {
  format: FormatMemo;
  validators: CompileMemo;
}

type Cache = { dir: string; build: string };

/** The memos of the last run into `outDir`, each entry checked; none without a cache. */
export async function openMemos(
  cache: Cache | undefined,
  outDir: string,
): Promise<Memos | undefined> {
  if (cache === undefined) return undefined;
  const [{ compiledFromJson }, format, validators] = await Promise.all([
    import('../emit/validators/memo.js'),
    readMemo(cache.dir, outDir, cache.build, 'format'),
    readMemo(cache.dir, outDir, cache.build, 'validators'),
  ]);
  const formatted = [...format].filter((e): e is [string, string] => typeof e[1] === 'string');
  const compiled = [...validators].flatMap(([key, value]) => {
    const entry = compiledFromJson(value);
    return entry ? [[key, entry] as const] : [];
  });
  return {
    format: { known: new Map(formatted), used: new Map() },
    validators: { known: new Map(compiled), used: new Map() },
  };
}

/** Keeps what this run used (and only that, so the memos do not grow with every change). */
export async function saveMemos(cache: Cache, outDir: string, memos: Memos): Promise<void> {
  const { compiledToJson } = await import('../emit/validators/memo.js');
  const compiled = [...memos.validators.used].map(([key, value]) => [key, compiledToJson(value)]);
  await Promise.all([
    writeMemo(cache.dir, outDir, cache.build, 'format', memos.format.used),
    writeMemo(
      cache.dir,
      outDir,
      cache.build,
      'validators',
      new Map(compiled as Array<[string, unknown]>),
    ),
  ]);
}

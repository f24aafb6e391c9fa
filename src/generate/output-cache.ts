import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { writeFileAtomic } from '../shared/atomic.js';
import type { InputHashes } from './manifest.js';

/**
 * The output cache: what `generate` produced for one server, keyed by everything the output depends
 * on, so an unchanged catalog is checked or regenerated without loading the emit stack
 * (json-schema-to-typescript, Ajv, prettier's formatter: most of a cold run's time).
 *
 * The key is the generator build (a hash of mcp-codegen's own compiled files, templates and the
 * exact versions of the libraries that shape output, stamped at build time), the server's options and
 * the catalog's canonical form (its hash, as in the manifest), so a live run and an offline run of the
 * same catalog share an entry. A snapshot file that mcp-codegen wrote is canonical as it is, so its
 * bytes' hash is looked up first and a hit needs no parse; the bytes' hash is stored too, for a file
 * that is not canonical. The entry holds the security-lint warnings and the catalog summary too, so a hit
 * never needs the parsed snapshot. The prettier options that applied to each file are stored with it and
 * resolved again on every lookup, so a changed prettier config is a miss. One entry per output folder,
 * overwritten: the cache cannot grow without bound. It is never needed for correctness: a missing,
 * unreadable or corrupt entry is a miss, and a run without a build stamp (from sources) never caches.
 */
export interface CachedFile {
  /** Relative to the output folder. */
  path: string;
  content: string;
  /** The prettier options that formatted it (JSON), or null when it was not formatted. */
  prettier: string | null;
}

export interface CachedOutput {
  files: CachedFile[];
  /** The server's docs (config `docs`), by path relative to the output folder (they sit outside it). */
  docs?: CachedFile[];
  /** The catalog it was made from. */
  catalog: InputHashes;
  /** The generator's warnings for this output, shown again on a cached run. */
  warnings: string[];
  /** The security-lint warnings for the catalog, shown before anything else. */
  security: string[];
  /** The catalog's counts for the progress line ("12 tools, 0 resources, …"). */
  summary: string;
}

interface Entry extends CachedOutput {
  key: string;
}

const FORMAT = 'mcp-codegen/output-cache@4';

/** `node_modules/.cache/mcp-codegen` of the nearest folder (from `root` up) with a node_modules. */
export function defaultCacheDir(root: string): string {
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules')))
      return join(dir, 'node_modules', '.cache', 'mcp-codegen');
    if (dirname(dir) === dir) return join(resolve(root), 'node_modules', '.cache', 'mcp-codegen');
  }
}

let buildId: Promise<string | undefined> | undefined;

/** The build stamp `npm run build` writes next to the compiled code; absent when running from sources. */
export function generatorBuildId(): Promise<string | undefined> {
  buildId ??= readFile(new URL('../build-id.json', import.meta.url), 'utf8').then(
    (text) => (JSON.parse(text) as { id?: unknown }).id as string | undefined,
    () => undefined,
  );
  return buildId;
}

/** The key of everything but the catalog, which an entry records as hashes (see readCacheEntry). */
export function cacheKey(parts: { build: string; options: unknown }): string {
  return createHash('sha256')
    .update(JSON.stringify([FORMAT, parts.build, parts.options]))
    .digest('hex');
}

let version: Promise<string> | undefined;

/**
 * The generator, as the manifest names it: the package version, and the build stamp when there is
 * one (a run from sources has none, so its output is never trusted from hashes alone).
 */
export function generatorId(): Promise<{ id: string; built: boolean }> {
  version ??= readFile(new URL('../../package.json', import.meta.url), 'utf8').then(
    (text) => String((JSON.parse(text) as { version?: unknown }).version),
    () => 'unknown',
  );
  return Promise.all([version, generatorBuildId()]).then(([v, build]) => ({
    id: build ? `mcp-codegen@${v}+${build.slice(0, 12)}` : `mcp-codegen@${v}`,
    built: build !== undefined,
  }));
}

function entryFile(dir: string, outDir: string): string {
  return join(
    dir,
    `${createHash('sha256').update(resolve(outDir)).digest('hex').slice(0, 20)}.json`,
  );
}

/**
 * The cached files for `key` and a catalog whose canonical form, or whose file's bytes, hash to
 * `catalog`; undefined on any miss (absent, other key, unreadable, corrupt).
 */
export async function readCacheEntry(
  dir: string,
  outDir: string,
  key: string,
  catalog: string,
): Promise<CachedOutput | undefined> {
  try {
    const entry = JSON.parse(await readFile(entryFile(dir, outDir), 'utf8')) as Partial<Entry>;
    if (
      entry.key !== key ||
      typeof entry.catalog?.canonical !== 'string' ||
      (entry.catalog.canonical !== catalog && entry.catalog.bytes !== catalog) ||
      !Array.isArray(entry.files) ||
      !isStrings(entry.warnings) ||
      !isStrings(entry.security)
    )
      return undefined;
    if (typeof entry.summary !== 'string') return undefined;
    const isFile = (f: CachedFile | undefined) =>
      typeof f?.path === 'string' &&
      typeof f.content === 'string' &&
      (f.prettier === null || typeof f.prettier === 'string');
    const valid =
      entry.files.every(isFile) &&
      (entry.docs === undefined || (Array.isArray(entry.docs) && entry.docs.every(isFile)));
    return valid
      ? {
          files: entry.files,
          ...(entry.docs ? { docs: entry.docs } : {}),
          catalog: entry.catalog,
          warnings: entry.warnings,
          security: entry.security,
          summary: entry.summary,
        }
      : undefined;
  } catch {
    return undefined;
  }
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** Store an entry; a cache that cannot be written is skipped silently (it only saves time). */
export async function writeCacheEntry(
  dir: string,
  outDir: string,
  key: string,
  output: CachedOutput,
): Promise<void> {
  try {
    await writeFileAtomic(
      entryFile(dir, outDir),
      JSON.stringify({ key, ...output } satisfies Entry),
    );
  } catch {
    // read-only node_modules, full disk: the next run is a cold run, nothing else changes
  }
}

/**
 * Memos of a cold run into `outDir`, for a run whose catalog changed: formatted runs of statements
 * (`format`, see emit/format/format.ts), so the unchanged parts are not done again. Scoped to one generator build; like the output cache,
 * one file per output folder and kind, overwritten, and never needed for correctness: the caller
 * checks each entry and a missing or corrupt memo is an empty one.
 */
export type MemoKind = 'format';

export async function readMemo(
  dir: string,
  outDir: string,
  build: string,
  kind: MemoKind,
): Promise<Map<string, unknown>> {
  try {
    const memo = JSON.parse(await readFile(memoFile(dir, outDir, kind), 'utf8')) as {
      format?: unknown;
      build?: unknown;
      entries?: unknown;
    };
    if (
      memo.format !== memoFormat(kind) ||
      memo.build !== build ||
      typeof memo.entries !== 'object' ||
      memo.entries === null
    )
      return new Map();
    return new Map(Object.entries(memo.entries as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

export async function writeMemo(
  dir: string,
  outDir: string,
  build: string,
  kind: MemoKind,
  entries: Map<string, unknown>,
): Promise<void> {
  try {
    await writeFileAtomic(
      memoFile(dir, outDir, kind),
      JSON.stringify({ format: memoFormat(kind), build, entries: Object.fromEntries(entries) }),
    );
  } catch {
    // as for the output cache: the next run does the work again, nothing else changes
  }
}

const memoFormat = (kind: MemoKind) => `mcp-codegen/${kind}-memo@2`;

function memoFile(dir: string, outDir: string, kind: MemoKind): string {
  return entryFile(dir, outDir).replace(/\.json$/, `.${kind}.json`);
}

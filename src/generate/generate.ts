import { resolve } from 'node:path';
import type { ResolvedConfig, ServerConfig } from '../config/types.js';
import {
  cacheKey,
  defaultCacheDir,
  generatorBuildId,
  generatorId,
  readCacheEntry,
  writeCacheEntry,
  type CachedOutput,
} from './output-cache.js';
import { loadInput, type Input } from './input.js';
import { clientCapabilitiesMismatch } from './client-capabilities.js';
import { compareAll, display, writeAll, type PlannedFile } from './output.js';
import { plannedByManifest } from './by-manifest.js';
import { serializeManifest, sha256, type Manifest } from './manifest.js';
import { leftovers, readFolderManifest } from './ownership.js';
import { parseSnapshotText } from '../snapshot/read.js';
import { canonicalDefinitions, serializeSnapshot } from '../snapshot/write.js';
import { plural } from '../shared/plural.js';
import { keyOptions } from './key-options.js';
import { renderServerDocs } from './docs.js';
import { optionsText } from './prettier-hash.js';
import { renderFiles } from './render.js';
import { counts, selectServers } from './select.js';
import { planAggregateOutput } from './aggregate.js';
import type { JoinedServer } from './aggregate-render.js';
import { planSharedRuntime, runtimeDirFor } from './shared-runtime.js';
import { loadShapesInput, type ShapesInput } from './shapes.js';
import type { GenerateOptions, GenerateResult, GeneratedFile, Stage, Timer } from './types.js';

/**
 * The whole job, as a library call: never exits the process, never prints unless asked.
 * Everything is generated and formatted in memory first; only then is anything written (and what
 * the output folder's manifest lists but this run no longer makes, removed) in one step through
 * temp files and renames, and only files whose bytes changed.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const { config } = options;
  const timings: Record<Stage, number> = {
    read: 0,
    discover: 0,
    cache: 0,
    load: 0,
    model: 0,
    emit: 0,
    format: 0,
    write: 0,
  };
  const time = async <T>(stage: Stage, work: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      timings[stage] += performance.now() - start;
    }
  };
  const servers = selectServers(config, options.only);
  const joined = new Map<string, JoinedServer>();
  const planned: PlannedFile[] = [];
  const folders: Array<{ outDir: string; previous: Manifest | undefined }> = [];
  const cached: string[] = [];
  const byManifest: string[] = [];
  const mismatched: string[] = [];
  const useCache = options.cache !== false && config.cache !== false;
  const build = useCache ? await generatorBuildId() : undefined;
  const generator = await generatorId();
  // A fresh clone's CI has no cache: the manifest answers --check from hashes when it can.
  const checkByManifest = options.check === true && useCache && generator.built;
  const cacheDir =
    config.cache && config.cache.dir !== undefined
      ? resolve(config.root, config.cache.dir)
      : defaultCacheDir(config.root);
  for (const server of servers) {
    const outDir = resolve(config.root, server.out);
    const runtimeDir = runtimeDirFor(config, outDir);
    const input = await loadInput(server, config, options, time);
    const mismatch =
      options.offline && !input.discovered
        ? clientCapabilitiesMismatch(server, input.text, display(input.file, config.root))
        : undefined;
    if (mismatch && options.check) mismatched.push(`${server.name}: ${mismatch}`);
    else if (mismatch) options.warn?.(`${server.name}: ${mismatch}`);
    const shapes = await time('read', () => loadShapesInput(server, config));
    const shapesHash = shapes.text === '' ? undefined : sha256(shapes.text);
    if (input.discovered) planned.push({ file: input.file, content: input.text });
    const folder = await time('read', () => readFolderManifest(outDir));
    const { file: manifestFile, text: previousText, manifest: previous } = folder;
    folders.push({ outDir, previous });
    const made = {
      generator: generator.id,
      inputs: { catalog: input.hash, ...(shapesHash ? { shapes: shapesHash } : {}) },
      options: sha256(JSON.stringify(keyOptions(server, config, shapesHash, runtimeDir))),
    };
    joined.set(server.name, { server, input, shapes, outDir, runtimeDir, options: made.options });
    if (checkByManifest && previous && previousText !== undefined) {
      const byHash = await time('cache', () => plannedByManifest(previous, made, outDir));
      if (byHash) {
        byManifest.push(server.name);
        for (const line of previous.warnings.security) options.warn?.(`${server.name}: ${line}`);
        options.log?.(
          `${server.name}: ${display(outDir, config.root)}/ matches its manifest for this catalog (${plural(byHash.length, 'file')} checked by hash)`,
        );
        for (const line of previous.warnings.generator) options.warn?.(`${server.name}: ${line}`);
        planned.push(...byHash, { file: manifestFile, content: previousText });
        continue;
      }
    }
    const key = build === undefined ? undefined : cacheKey({ build, options: made.options });
    const output = await produce(input, { ...shapes, runtimeDir }, server, config, options, time, {
      outDir,
      key,
      cacheDir,
      build,
      onHit: () => cached.push(server.name),
    });
    const manifest: Manifest = {
      // --check compares the rest: another generator's byte-identical output is not stale.
      generator: options.check && previous ? previous.generator : generator.id,
      inputs: {
        catalog: output.catalog,
        ...(shapesHash ? { shapes: { canonical: shapesHash } } : {}),
      },
      options: made.options,
      warnings: { security: output.security, generator: output.warnings },
      files: output.files.map((f) => ({
        path: f.path,
        sha256: sha256(f.content),
        ...(f.prettier === null ? {} : { prettier: sha256(f.prettier) }),
      })),
      ...(output.docs
        ? { docs: output.docs.map((f) => ({ path: f.path, sha256: sha256(f.content) })) }
        : {}),
    };
    for (const file of [...output.files, ...(output.docs ?? [])])
      planned.push({ file: resolve(outDir, file.path), content: file.content });
    planned.push({ file: manifestFile, content: serializeManifest(manifest) });
  }
  const madeBy = { id: generator.id, byManifest: checkByManifest };
  const runtime = await planSharedRuntime(config, madeBy, options.check === true);
  const aggregate = await planAggregateOutput(config, joined, madeBy, options);
  if (aggregate?.byManifest) byManifest.push(`aggregate ${config.aggregate!.name}`);
  for (const folder of [runtime, aggregate]) {
    if (!folder) continue;
    planned.push(...folder.planned);
    folders.push(folder);
  }
  const keep = new Set(planned.map((p) => p.file));
  const gone = (
    await Promise.all(folders.map(({ outDir, previous }) => leftovers(outDir, previous, keep)))
  ).flat();
  const files = await time('write', () =>
    options.check
      ? compareAll(planned, gone, config.root)
      : // Without `check`, every planned file has its content: only --check plans by hash.
        writeAll(planned as Array<{ file: string; content: string }>, gone, config.root),
  );
  return {
    files,
    stale: files.filter((f) => STALE.has(f.status)),
    timings,
    cached,
    byManifest,
    mismatched,
  };
}

const STALE = new Set<GeneratedFile['status']>(['stale', 'missing', 'obsolete']);

/**
 * One server's output: from the cache when an entry was made from this catalog (by its bytes'
 * hash, or, for a snapshot file that is not canonical, by its canonical form's), else generated.
 */
async function produce(
  input: Input,
  shapes: ShapesInput & { runtimeDir: string | undefined },
  server: ServerConfig,
  config: ResolvedConfig,
  options: GenerateOptions,
  time: Timer,
  at: {
    outDir: string;
    key: string | undefined;
    cacheDir: string;
    build: string | undefined;
    onHit: () => void;
  },
): Promise<CachedOutput> {
  const { outDir, key, cacheDir } = at;
  const lookup = (catalog: string) =>
    key === undefined ? undefined : time('cache', () => readFresh(cacheDir, outDir, key, catalog));
  let hit = await lookup(input.hash);
  let snapshot = input.snapshot;
  let canonical = input.discovered ? input.hash : undefined;
  // The model makes the same definitions canonical again: it is given those made here.
  const definitions = canonicalDefinitions();
  if (!hit && canonical === undefined) {
    snapshot = await time('read', () => parseSnapshotText(input.text, input.file));
    canonical = sha256(serializeSnapshot(snapshot, definitions));
    if (canonical !== input.hash) hit = await lookup(canonical);
  }
  if (hit) {
    at.onHit();
    // The same warnings as the run that made it, in the same order: a cached CI run must not hide them.
    for (const line of hit.security) options.warn?.(`${server.name}: ${line}`);
    options.log?.(
      `${server.name}: ${display(outDir, config.root)}/ is cached for this catalog (${hit.summary})`,
    );
    for (const warning of hit.warnings) options.warn?.(`${server.name}: ${warning}`);
    return hit;
  }
  snapshot ??= await time('read', () => parseSnapshotText(input.text, input.file));
  // Lazily loaded, so generate's start-up does not grow: poisoned text is shown before it reaches JSDoc.
  const lint = await import('../lint/warnings.js');
  const security = lint.securityWarnings(snapshot, config, server.name);
  for (const line of security) options.warn?.(`${server.name}: ${line}`);
  // Said before the work, not after: a large catalog takes seconds to type and format.
  const summary = counts(snapshot);
  options.log?.(`${server.name}: generating ${display(outDir, config.root)}/ from ${summary}`);
  const memo = at.build === undefined ? undefined : { dir: cacheDir, build: at.build };
  const rendered = await renderFiles(
    snapshot,
    {
      ...server,
      undeclared: shapes.undeclared,
      ...(shapes.runtimeDir === undefined ? {} : { runtimeDir: shapes.runtimeDir }),
    },
    outDir,
    time,
    memo,
    definitions,
  );
  for (const warning of rendered.model.warnings) options.warn?.(`${server.name}: ${warning}`);
  const docs = server.docs
    ? await renderServerDocs({ snapshot, model: rendered.model, server, root: config.root, outDir })
    : undefined;
  const entry: CachedOutput = {
    files: rendered.files,
    ...(docs ? { docs } : {}),
    catalog: { canonical: canonical!, bytes: input.hash },
    warnings: rendered.model.warnings,
    security,
    summary,
  };
  if (key !== undefined) await time('cache', () => writeCacheEntry(cacheDir, outDir, key, entry));
  return entry;
}

/** A cache entry is fresh only if each file's prettier options are still the ones that formatted it. */
async function readFresh(
  cacheDir: string,
  outDir: string,
  key: string,
  catalog: string,
): Promise<CachedOutput | undefined> {
  const entry = await readCacheEntry(cacheDir, outDir, key, catalog);
  if (!entry) return undefined;
  const formatted = entry.files.filter((f) => f.prettier !== null);
  if (formatted.length === 0) return entry;
  const { prettierOptionsFor } = await import('../emit/format/prettier-options.js');
  for (const file of formatted) {
    if (optionsText(await prettierOptionsFor(resolve(outDir, file.path))) !== file.prettier)
      return undefined;
  }
  return entry;
}

import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import type { ResolvedConfig, ServerConfig } from './config/types.js';
import { CodegenError } from './shared/errors.js';
import type { ClientModel } from './model/types.js';
import { cacheKey, defaultCacheDir, generatorBuildId, readCacheEntry, writeCacheEntry, type CachedFile, type CachedOutput } from './output-cache.js';
import { readSnapshotFile } from './snapshot/read.js';
import { writeFilesAtomic } from './shared/atomic.js';
import type { JsonValue, Snapshot } from './snapshot/types.js';
import { serializeSnapshot, sortKeys } from './snapshot/write.js';
import type { Environment, TextOutput } from './shared/host.js';
import { plural } from './shared/plural.js';

/** `load` is loading the emit stack (ts-morph, json-schema-to-typescript, prettier), which a cached run skips. */
export type Stage = 'read' | 'discover' | 'cache' | 'load' | 'model' | 'emit' | 'format' | 'write';

export interface GenerateOptions {
  config: ResolvedConfig;
  /** Compare with what is on disk instead of writing. */
  check?: boolean;
  /** Never contact a server: live sources generate from their committed snapshot file. */
  offline?: boolean;
  /** Only these servers (by name); all when absent. */
  only?: string[];
  /** Progress lines (discovery, per-server summaries). */
  log?: (line: string) => void;
  /** Warnings: generation went on, but the user should look. */
  warn?: (line: string) => void;
  /** Environment for discovery (`${NAME}` in headers and env). */
  env?: Environment;
  /** Where discovery reports progress; defaults to nothing. */
  progress?: TextOutput;
  /**
   * Reuse the output of an earlier run for an unchanged catalog (default true): see output-cache.ts.
   * The folder defaults to `node_modules/.cache/mcp-codegen` (the config's `cache.dir` overrides it).
   */
  cache?: boolean;
}

export interface GeneratedFile {
  /** Relative to the config root, `/`-separated: stable across machines. */
  path: string;
  status: 'written' | 'unchanged' | 'stale' | 'missing';
}

export interface GenerateResult {
  files: GeneratedFile[];
  /** Files `--check` found out of date or missing. */
  stale: GeneratedFile[];
  /** Milliseconds per stage, summed over servers. */
  timings: Record<Stage, number>;
  /** Servers whose output came from the cache. */
  cached: string[];
}

/**
 * The whole job, as a library call: never exits the process, never prints unless asked.
 * Everything is generated and formatted in memory first; only then is anything written, file by
 * file through a temp file and a rename, and only files whose bytes changed.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const { config } = options;
  const timings: Record<Stage, number> = { read: 0, discover: 0, cache: 0, load: 0, model: 0, emit: 0, format: 0, write: 0 };
  const time = async <T>(stage: Stage, work: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      timings[stage] += performance.now() - start;
    }
  };
  const servers = selectServers(config, options.only);
  const planned: Array<{ file: string; content: string }> = [];
  const cached: string[] = [];
  const build = options.cache === false || config.cache === false ? undefined : await generatorBuildId();
  const cacheDir = config.cache && config.cache.dir !== undefined ? resolve(config.root, config.cache.dir) : defaultCacheDir(config.root);
  for (const server of servers) {
    const { snapshot, snapshotFile, discovered } = await loadSnapshot(server, config, options, time);
    const snapshotText = serializeSnapshot(snapshot);
    if (discovered) planned.push({ file: snapshotFile, content: snapshotText });
    // Lazily loaded, so generate's start-up does not grow: poisoned text is shown before it reaches JSDoc.
    if (options.warn) for (const line of (await import('./lint/warnings.js')).securityWarnings(snapshot, config, server.name)) options.warn(`${server.name}: ${line}`);
    const outDir = resolve(config.root, server.out);
    const key = build === undefined ? undefined : cacheKey({ build, options: renderOptions(server), snapshot: snapshotText });
    const hit = key === undefined ? undefined : await time('cache', () => readFresh(cacheDir, outDir, key));
    let files: CachedFile[];
    if (hit) {
      files = hit.files;
      cached.push(server.name);
      options.log?.(`${server.name}: ${display(outDir, config.root)}/ is cached for this catalog (${counts(snapshot)})`);
      // The same warnings as the run that made it: a cached CI run must not hide them.
      for (const warning of hit.warnings) options.warn?.(`${server.name}: ${warning}`);
    } else {
      // Said before the work, not after: a large catalog takes seconds to type and format.
      options.log?.(`${server.name}: generating ${display(outDir, config.root)}/ from ${counts(snapshot)}`);
      const rendered = await renderFiles(snapshot, server, outDir, time);
      for (const warning of rendered.model.warnings) options.warn?.(`${server.name}: ${warning}`);
      files = rendered.files;
      if (key !== undefined) await time('cache', () => writeCacheEntry(cacheDir, outDir, key, { files: rendered.files, warnings: rendered.model.warnings }));
    }
    for (const file of files) planned.push({ file: resolve(outDir, file.path), content: file.content });
  }
  const files = await time('write', () => (options.check ? compareAll(planned, config.root) : writeAll(planned, config.root)));
  return { files, stale: files.filter((f) => f.status === 'stale' || f.status === 'missing'), timings, cached };
}

/** What of a server's config shapes its output (and so the cache key). */
function renderOptions(server: ServerConfig): unknown {
  return { name: server.name, errors: server.errors ?? null, validateInput: server.validateInput ?? null, validateOutput: server.validateOutput ?? null };
}

/** A cache entry is fresh only if each file's prettier options are still the ones that formatted it. */
async function readFresh(cacheDir: string, outDir: string, key: string): Promise<CachedOutput | undefined> {
  const entry = await readCacheEntry(cacheDir, outDir, key);
  if (!entry) return undefined;
  const { files } = entry;
  const formatted = files.filter((f) => f.prettier !== null);
  if (formatted.length === 0) return entry;
  const { prettierOptionsFor } = await import('./emit/format.js');
  for (const file of formatted) {
    if (optionsText(await prettierOptionsFor(resolve(outDir, file.path))) !== file.prettier) return undefined;
  }
  return entry;
}

function optionsText(options: object): string {
  return JSON.stringify(sortKeys(options as JsonValue));
}

function counts(snapshot: Snapshot): string {
  return [
    plural(snapshot.tools.length, 'tool'),
    plural(snapshot.resources.length, 'resource'),
    plural(snapshot.resourceTemplates.length, 'template'),
    plural(snapshot.prompts.length, 'prompt'),
  ].join(', ');
}

type Timer = <T>(stage: Stage, work: () => Promise<T> | T) => Promise<T>;

/** One client's files, formatted, in memory: paths relative to `outDir` (which locates the prettier config). */
export async function renderClient(
  snapshot: Snapshot,
  server: Pick<ServerConfig, 'name' | 'errors' | 'validateInput' | 'validateOutput'>,
  outDir: string,
  time: Timer = async (_stage, work) => work(),
): Promise<{ files: Array<{ path: string; content: string }>; model: ClientModel }> {
  const { files, model } = await renderFiles(snapshot, server, outDir, time);
  return { files: files.map(({ path, content }) => ({ path, content })), model };
}

async function renderFiles(
  snapshot: Snapshot,
  server: Pick<ServerConfig, 'name' | 'errors' | 'validateInput' | 'validateOutput'>,
  outDir: string,
  time: Timer,
): Promise<{ files: CachedFile[]; model: ClientModel }> {
  // The emit stack (ts-morph, json-schema-to-typescript, prettier) is most of a cold run's start-up:
  // loaded here, so a cached or failing run never pays for it.
  const [{ buildClientModel }, { emitClient }, { formatTypeScript, prettierOptionsFor }] = await time('load', () =>
    Promise.all([import('./model/build.js'), import('./emit/emit.js'), import('./emit/format.js')]),
  );
  const model = await time('model', () => buildClientModel(snapshot, server));
  const emitted = await time('emit', () => emitClient(model));
  const files: CachedFile[] = [];
  for (const file of emitted) {
    if (!file.format) {
      files.push({ path: file.path, content: file.content, prettier: null });
      continue;
    }
    const filepath = resolve(outDir, file.path);
    const options = await prettierOptionsFor(filepath);
    const content = await time('format', () => formatTypeScript(file.content, filepath, options));
    files.push({ path: file.path, content, prettier: optionsText(options) });
  }
  return { files, model };
}

function selectServers(config: ResolvedConfig, only: string[] | undefined): ServerConfig[] {
  if (!only?.length) return config.servers;
  const unknown = only.filter((name) => !config.servers.some((s) => s.name === name));
  if (unknown.length) {
    throw new CodegenError(`no server named ${unknown.map((n) => JSON.stringify(n)).join(', ')} in ${config.file ?? 'the config'}`, {
      hint: `servers: ${config.servers.map((s) => s.name).join(', ')}`,
    });
  }
  return config.servers.filter((s) => only.includes(s.name));
}

async function loadSnapshot(
  server: ServerConfig,
  config: ResolvedConfig,
  options: GenerateOptions,
  time: Timer,
): Promise<{ snapshot: Snapshot; snapshotFile: string; discovered: boolean }> {
  const source = server.source;
  if ('snapshot' in source) {
    const file = resolve(config.root, source.snapshot);
    return { snapshot: await time('read', () => readSnapshotFile(file)), snapshotFile: file, discovered: false };
  }
  const snapshotFile = resolve(config.root, server.snapshot ?? `${server.out}/snapshot.json`);
  if (options.offline) return { snapshot: await time('read', () => readSnapshotFile(snapshotFile)), snapshotFile, discovered: false };
  const [{ discover }, { createProgressReporter }] = await Promise.all([import('./snapshot/discover.js'), import('./discover/index.js')]);
  const snapshot = await time('discover', () =>
    discover(source, {
      cwd: config.root,
      env: options.env ?? process.env,
      serverLabel: server.name,
      ...(server.discovery?.timeoutMs !== undefined ? { timeoutMs: server.discovery.timeoutMs } : {}),
      ...(server.discovery?.maxPages !== undefined ? { maxPages: server.discovery.maxPages } : {}),
      ...(server.discovery?.era !== undefined ? { era: server.discovery.era } : {}),
      ...(options.progress ? { onProgress: createProgressReporter(options.progress) } : {}),
    }),
  );
  return { snapshot, snapshotFile, discovered: true };
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined; // not there (yet): --check reports it missing
    throw error;
  }
}

function display(file: string, root: string): string {
  return relative(root, file).split(sep).join('/');
}

async function compareAll(planned: Array<{ file: string; content: string }>, root: string): Promise<GeneratedFile[]> {
  return Promise.all(
    planned.map(async ({ file, content }) => {
      const current = await readIfExists(file);
      const status = current === undefined ? 'missing' : current === content ? 'unchanged' : 'stale';
      return { path: display(file, root), status } as const;
    }),
  );
}

async function writeAll(planned: Array<{ file: string; content: string }>, root: string): Promise<GeneratedFile[]> {
  const compared = await compareAll(planned, root);
  const changed = planned.filter((_, i) => compared[i]!.status !== 'unchanged');
  try {
    await writeFilesAtomic(changed);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new CodegenError(`cannot write ${e.path ? display(e.path, root) : 'the output'}: ${e.code ?? e.message}`, {
      hint: 'check that the output folders can be written; no file was changed',
      cause: error,
    });
  }
  return compared.map((f) => ({ path: f.path, status: f.status === 'unchanged' ? 'unchanged' : 'written' }));
}

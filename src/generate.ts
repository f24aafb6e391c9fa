import { resolve } from 'node:path';
import type { ResolvedConfig, ServerConfig } from './config/types.js';
import { CodegenError } from './shared/errors.js';
import type { ClientModel } from './model/types.js';
import type { EmittedFile } from './emit/emit.js';
import {
  cacheKey,
  defaultCacheDir,
  generatorBuildId,
  readCacheEntry,
  writeCacheEntry,
  type CachedFile,
  type CachedOutput,
} from './output-cache.js';
import { loadInput } from './generate-input.js';
import { loadShapesInput, type RenderServer } from './generate-shapes.js';
import { openMemos, saveMemos } from './generate-memo.js';
import { compareAll, display, writeAll } from './generate-output.js';
import { parseSnapshotText } from './snapshot/read.js';
import type { JsonValue, Snapshot } from './snapshot/types.js';
import { sortKeys } from './snapshot/write.js';
import type { Environment, TextOutput } from './shared/host.js';
import { plural } from './shared/plural.js';
import { workerCount } from './shared/worker-thread.js';

/** `load` is loading the emit stack (json-schema-to-typescript, prettier), which a cached run skips. */
const STAGES = ['read', 'discover', 'cache', 'load', 'model', 'emit', 'format', 'write'] as const;
export type Stage = (typeof STAGES)[number];

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
  const timings = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<Stage, number>;
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
  const build =
    options.cache === false || config.cache === false ? undefined : await generatorBuildId();
  const cacheDir =
    config.cache && config.cache.dir !== undefined
      ? resolve(config.root, config.cache.dir)
      : defaultCacheDir(config.root);
  for (const server of servers) {
    const outDir = resolve(config.root, server.out);
    const input = await loadInput(server, config, options, time);
    const shapes = await time('read', () => loadShapesInput(server, config));
    if (input.discovered) planned.push({ file: input.file, content: input.text });
    // From a snapshot file, its bytes are the key: an unchanged catalog is neither parsed nor re-serialized.
    const key =
      build === undefined
        ? undefined
        : cacheKey({ build, options: keyOptions(server, config, shapes.text), input: input.key });
    const hit =
      key === undefined ? undefined : await time('cache', () => readFresh(cacheDir, outDir, key));
    let files: CachedFile[];
    if (hit) {
      files = hit.files;
      cached.push(server.name);
      // The same warnings as the run that made it, in the same order: a cached CI run must not hide them.
      for (const line of hit.security) options.warn?.(`${server.name}: ${line}`);
      options.log?.(
        `${server.name}: ${display(outDir, config.root)}/ is cached for this catalog (${hit.summary})`,
      );
      for (const warning of hit.warnings) options.warn?.(`${server.name}: ${warning}`);
    } else {
      const snapshot =
        input.snapshot ?? (await time('read', () => parseSnapshotText(input.text, input.file)));
      // Lazily loaded, so generate's start-up does not grow: poisoned text is shown before it reaches JSDoc.
      const lint =
        options.warn || key !== undefined ? await import('./lint/warnings.js') : undefined;
      const security = lint ? lint.securityWarnings(snapshot, config, server.name) : [];
      if (options.warn) for (const line of security) options.warn(`${server.name}: ${line}`);
      // Said before the work, not after: a large catalog takes seconds to type and format.
      const summary = counts(snapshot);
      options.log?.(`${server.name}: generating ${display(outDir, config.root)}/ from ${summary}`);
      const memo = build === undefined ? undefined : { dir: cacheDir, build };
      const undeclared = { ...server, undeclared: shapes.undeclared };
      const rendered = await renderFiles(snapshot, undeclared, outDir, time, memo);
      for (const warning of rendered.model.warnings) options.warn?.(`${server.name}: ${warning}`);
      files = rendered.files;
      const entry = { files: rendered.files, warnings: rendered.model.warnings, security, summary };
      if (key !== undefined)
        await time('cache', () => writeCacheEntry(cacheDir, outDir, key, entry));
    }
    for (const file of files)
      planned.push({ file: resolve(outDir, file.path), content: file.content });
  }
  const files = await time('write', () =>
    options.check ? compareAll(planned, config.root) : writeAll(planned, config.root),
  );
  return {
    files,
    stale: files.filter((f) => f.status === 'stale' || f.status === 'missing'),
    timings,
    cached,
  };
}

/** What of the config shapes a server's output and warnings (and so the cache key). */
function keyOptions(server: ServerConfig, config: ResolvedConfig, shapes: string): unknown {
  const render = {
    outputs: server.outputs ?? null,
    shapes,
    name: server.name,
    errors: server.errors ?? null,
    validateInput: server.validateInput ?? null,
    validateOutput: server.validateOutput ?? null,
    layout: server.layout ?? null,
  };
  // The security warnings are cached too, so the lint policies they were found under are part of the key.
  return sortKeys({
    render,
    lint: [config.lint ?? null, server.lint ?? null],
  } as unknown as JsonValue);
}

/** A cache entry is fresh only if each file's prettier options are still the ones that formatted it. */
async function readFresh(
  cacheDir: string,
  outDir: string,
  key: string,
): Promise<CachedOutput | undefined> {
  const entry = await readCacheEntry(cacheDir, outDir, key);
  if (!entry) return undefined;
  const { files } = entry;
  const formatted = files.filter((f) => f.prettier !== null);
  if (formatted.length === 0) return entry;
  const { prettierOptionsFor } = await import('./emit/format.js');
  for (const file of formatted) {
    if (optionsText(await prettierOptionsFor(resolve(outDir, file.path))) !== file.prettier)
      return undefined;
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

export type Timer = <T>(stage: Stage, work: () => Promise<T> | T) => Promise<T>;

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

async function renderFiles(
  snapshot: Snapshot,
  server: RenderServer,
  outDir: string,
  time: Timer,
  cache?: { dir: string; build: string },
): Promise<{ files: CachedFile[]; model: ClientModel }> {
  // The emit stack (json-schema-to-typescript, prettier) is most of a cold run's start-up:
  // loaded here, so a cached or failing run never pays for it.
  const [
    { buildClientModel },
    { emitClient, formattedPaths },
    { FormatPool, formatEmitted, prettierOptionsFor },
    { ValidatorThread },
  ] = await time('load', () =>
    Promise.all([
      import('./model/build.js'),
      import('./emit/emit.js'),
      import('./emit/format.js'),
      import('./emit/validators/thread.js'),
    ]),
  );
  // Started first: the formatting threads load prettier, and the validator thread Ajv, while this
  // one builds the model.
  const pool = new FormatPool();
  const validatorThread = new ValidatorThread(workerCount());
  const memos = await openMemos(cache, outDir);
  try {
    const model = await time('model', () => buildClientModel(snapshot, server, server.undeclared));
    // Options resolved before emit, so that each file goes to the formatting threads the moment it is
    // printed (an await would hold it until this thread is free). Once the last is sent, this thread
    // only waits for the validator thread, so it formats too (help) until every run is taken.
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
    const emitted = await time('emit', () =>
      emitClient(model, memos?.validators, start, validatorThread),
    );
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
    await Promise.all([pool.close(), validatorThread.close()]);
  }
}

function selectServers(config: ResolvedConfig, only: string[] | undefined): ServerConfig[] {
  if (!only?.length) return config.servers;
  const unknown = only.filter((name) => !config.servers.some((s) => s.name === name));
  if (unknown.length) {
    throw new CodegenError(
      `no server named ${unknown.map((n) => JSON.stringify(n)).join(', ')} in ${config.file ?? 'the config'}`,
      {
        hint: `servers: ${config.servers.map((s) => s.name).join(', ')}`,
      },
    );
  }
  return config.servers.filter((s) => only.includes(s.name));
}

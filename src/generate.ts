import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import type { ResolvedConfig, ServerConfig } from './config/types.js';
import { emitClient } from './emit/emit.js';
import { formatTypeScript } from './emit/format.js';
import { CodegenError } from './errors.js';
import { buildClientModel } from './model/build.js';
import type { ClientModel } from './model/types.js';
import { readSnapshotFile, serializeSnapshot, writeFilesAtomic, type Snapshot } from './snapshot/index.js';

export type Stage = 'read' | 'discover' | 'model' | 'emit' | 'format' | 'write';

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
  env?: NodeJS.ProcessEnv;
  /** Where discovery reports progress; defaults to nothing. */
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
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
}

/**
 * The whole job, as a library call: never exits the process, never prints unless asked.
 * Everything is generated and formatted in memory first; only then is anything written, file by
 * file through a temp file and a rename, and only files whose bytes changed.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const { config } = options;
  const timings: Record<Stage, number> = { read: 0, discover: 0, model: 0, emit: 0, format: 0, write: 0 };
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
  for (const server of servers) {
    const { snapshot, snapshotFile, discovered } = await loadSnapshot(server, config, options, time);
    if (discovered) planned.push({ file: snapshotFile, content: serializeSnapshot(snapshot) });
    // Lazily loaded, so generate's start-up does not grow: poisoned text is shown before it reaches JSDoc.
    if (options.warn) for (const line of (await import('./lint/warnings.js')).securityWarnings(snapshot, config, server.name)) options.warn(`${server.name}: ${line}`);
    const outDir = resolve(config.root, server.out);
    // Said before the work, not after: a large catalog takes seconds to type and format.
    options.log?.(
      `${server.name}: generating ${display(outDir, config.root)}/ from ${snapshot.tools.length} tools, ${snapshot.resources.length} resources, ` +
        `${snapshot.resourceTemplates.length} templates, ${snapshot.prompts.length} prompts`,
    );
    const { files, model } = await renderClient(snapshot, server, outDir, time);
    for (const file of files) planned.push({ file: resolve(outDir, file.path), content: file.content });
    for (const warning of model.warnings) options.warn?.(`${server.name}: ${warning}`);
  }
  const files = await time('write', () => (options.check ? compareAll(planned, config.root) : writeAll(planned, config.root)));
  return { files, stale: files.filter((f) => f.status === 'stale' || f.status === 'missing'), timings };
}

type Timer = <T>(stage: Stage, work: () => Promise<T> | T) => Promise<T>;

/** One client's files, formatted, in memory: paths relative to `outDir` (which locates the prettier config). */
export async function renderClient(
  snapshot: Snapshot,
  server: Pick<ServerConfig, 'name' | 'errors' | 'validateInput' | 'validateOutput'>,
  outDir: string,
  time: Timer = async (_stage, work) => work(),
): Promise<{ files: Array<{ path: string; content: string }>; model: ClientModel }> {
  const model = await time('model', () => buildClientModel(snapshot, server));
  const emitted = await time('emit', () => emitClient(model));
  const files = [];
  for (const file of emitted) {
    const content = file.format ? await time('format', () => formatTypeScript(file.content, resolve(outDir, file.path))) : file.content;
    files.push({ path: file.path, content });
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
  const { discover, createProgressReporter } = await import('./discover/index.js');
  const snapshot = await time('discover', () =>
    discover(source, {
      cwd: config.root,
      env: options.env ?? process.env,
      serverLabel: server.name,
      ...(server.discovery?.timeoutMs !== undefined ? { timeoutMs: server.discovery.timeoutMs } : {}),
      ...(server.discovery?.maxPages !== undefined ? { maxPages: server.discovery.maxPages } : {}),
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

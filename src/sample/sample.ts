import { relative } from 'node:path';
import { shapesFileOf } from '../config/shapes-path.js';
import type { ResolvedConfig, ServerConfig } from '../config/types.js';
import { CodegenError, InputError } from '../shared/errors.js';
import type { DiscoverAuth } from '../discover/auth/options.js';
import type { Environment } from '../shared/host.js';
import { writeFileAtomic } from '../shared/atomic.js';
import { readShapesFile, serializeShapes } from '../shapes/file.js';
import { describeChanges, readResult, widenShape } from '../shapes/sample.js';
import type { Shapes, ToolShape } from '../shapes/types.js';
import type { Snapshot } from '../snapshot/types.js';
import { overrideDisagreements, type SampledResult } from './overrides.js';

export interface SampleOptions {
  config: ResolvedConfig;
  /** Only these servers; all with `samples` when absent. */
  only?: string[];
  /** Merge the recordings in this folder (`mcp-codegen/record`) instead of calling anything. */
  from?: string;
  /** Call listed tools even when they are not annotated `readOnlyHint: true`. */
  allowSideEffects?: boolean;
  env: Environment;
  log: (line: string) => void;
  /** A url source's authentication: whether a login may be done in the browser now (default: exit 4). */
  auth?: DiscoverAuth;
}

/**
 * `mcp-codegen sample`: for each server with `samples`, call each listed tool with each argument
 * set (nothing else), and widen the shapes file by what came back. Everything is checked before the
 * first call: the tools exist, and each is read-only unless side effects are allowed.
 */
export async function sampleShapes(options: SampleOptions): Promise<void> {
  const { config } = options;
  if (options.from !== undefined) return mergeRecordings(options, options.from);
  const servers = config.servers.filter(
    (s) => (options.only?.length ? options.only.includes(s.name) : true) && s.samples !== undefined,
  );
  const unknown = (options.only ?? []).filter((n) => !config.servers.some((s) => s.name === n));
  if (unknown.length)
    throw new CodegenError(`no server named ${unknown.map((n) => JSON.stringify(n)).join(', ')}`, {
      hint: `servers: ${config.servers.map((s) => s.name).join(', ')}`,
    });
  if (servers.length === 0)
    throw new CodegenError('no server to sample: none has `samples` in the config', {
      hint: 'add samples: { <tool>: [{ ...arguments }] } to a server, listing read-only tools',
    });
  for (const server of servers) {
    const source = server.source;
    if ('snapshot' in source)
      throw new CodegenError(
        `server "${server.name}": sample needs a live server, not a snapshot source`,
        {
          hint: 'give the server a { stdio } or { url } source',
        },
      );
    const { discoverAndUse } = await import('../snapshot/discover.js');
    const results = await discoverAndUse(
      source,
      {
        cwd: config.root,
        env: options.env,
        serverLabel: server.name,
        ...server.discovery,
        onNote: options.log,
        onWarning: (line) => options.log(`warning: ${line}`),
        ...(options.auth ? { auth: options.auth } : {}),
      },
      async (snapshot, callTool) => {
        checkCallable(
          server,
          snapshot,
          options.allowSideEffects === true,
          config.file,
          config.servers.indexOf(server),
        );
        const results: SampledResult[] = [];
        for (const [tool, sets] of listed(server))
          for (const args of sets) results.push({ tool, raw: await callTool(tool, args) });
        return { snapshot, results };
      },
    );
    await mergeResults(server, config, results.snapshot, results.results, options.log);
  }
}

/** `--from`: one server's recordings, merged like live results; which server, when the config has several, by --server. */
async function mergeRecordings(options: SampleOptions, from: string): Promise<void> {
  const { config } = options;
  const named = options.only ?? [];
  const server =
    named.length === 1
      ? config.servers.find((s) => s.name === named[0])
      : named.length === 0 && config.servers.length === 1
        ? config.servers[0]
        : undefined;
  if (server === undefined)
    throw new CodegenError(
      `sample --from: say which one server the recordings in ${from} belong to`,
      {
        hint: `pass --server <name> once (${config.servers.map((s) => s.name).join(', ')})`,
      },
    );
  const { readRecordings } = await import('./recordings.js');
  const { results, snapshot } = await readRecordings(from, server, config, options.log);
  await mergeResults(server, config, snapshot, results, options.log);
}

function listed(server: ServerConfig): Array<[string, Array<Record<string, unknown>>]> {
  return Object.entries(server.samples ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Refuse before any call: a listed tool the server does not have, or one that may change the world. */
function checkCallable(
  server: ServerConfig,
  snapshot: Snapshot,
  allowSideEffects: boolean,
  file: string | undefined,
  index: number,
): void {
  const tools = new Map(snapshot.tools.map((t) => [t.name, t]));
  const names = listed(server).map(([name]) => name);
  const missing = names.filter((name) => !tools.has(name));
  if (missing.length)
    throw new InputError(
      file ?? 'the config',
      `/servers/${index}/samples`,
      `server "${server.name}" lists no tool ${missing.map((n) => JSON.stringify(n)).join(', ')}; nothing was called`,
      `its tools: ${[...tools.keys()].slice(0, 10).join(', ')}`,
    );
  const unsafe = names.filter((name) => tools.get(name)!.annotations?.readOnlyHint !== true);
  if (unsafe.length && !allowSideEffects)
    throw new CodegenError(
      `server "${server.name}": ${unsafe.map((n) => JSON.stringify(n)).join(', ')} ${unsafe.length === 1 ? 'is' : 'are'} not annotated readOnlyHint: true, so calling ${unsafe.length === 1 ? 'it' : 'them'} may change the world; nothing was called`,
      {
        hint: 'remove them from `samples`, or run again with --allow-side-effects if calling them with these arguments is safe',
      },
    );
}

/** Widen the shapes file by the results, write it only when it changed, and say what changed per tool. */
async function mergeResults(
  server: ServerConfig,
  config: ResolvedConfig,
  snapshot: Pick<Snapshot, 'tools' | 'serverInfo'> | undefined,
  results: readonly SampledResult[],
  log: (line: string) => void,
): Promise<void> {
  const file = shapesFileOf(config, server);
  const shapes: Shapes = await readShapesFile(file);
  const before = new Map(shapes.tools);
  const notes = new Map<string, string[]>();
  const note = (tool: string, line: string) => notes.set(tool, [...(notes.get(tool) ?? []), line]);
  const declared = new Set(
    (snapshot?.tools ?? []).filter((t) => t.outputSchema !== undefined).map((t) => t.name),
  );
  const version = snapshot?.serverInfo?.version;
  for (const { tool, raw } of results) {
    if (declared.has(tool)) {
      note(tool, 'declares an outputSchema: the declared schema is used, no shape is kept');
      continue;
    }
    const read = readResult(raw);
    if ('skipped' in read) note(tool, `skipped ${read.skipped}`);
    else shapes.tools.set(tool, widenShape(shapes.tools.get(tool), read, version));
  }
  for (const [tool, lines] of await overrideDisagreements(server, results))
    for (const line of lines) note(tool, line);
  const where = relative(config.root, file).split('\\').join('/');
  const text = serializeShapes(shapes);
  const changed = text !== serializeShapes({ tools: before });
  if (changed) await writeFileAtomic(file, text);
  log(`${server.name}: ${where} ${changed ? 'updated' : 'unchanged'}`);
  const tools = [...new Set([...results.map((r) => r.tool)])].sort();
  for (const tool of tools) {
    const after: ToolShape | undefined = shapes.tools.get(tool);
    const changes = after ? describeChanges(before.get(tool), after) : [];
    const lines = [
      ...(changes.length || !after ? changes : ['unchanged']),
      ...(notes.get(tool) ?? []),
    ];
    for (const line of lines) log(`  ${tool}: ${line}`);
  }
}

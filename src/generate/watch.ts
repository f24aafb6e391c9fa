import { resolve } from 'node:path';
import { shapesFileOf } from '../config/shapes-path.js';
import type { LiveSource, ResolvedConfig, ServerConfig } from '../config/types.js';
import { DEFAULT_TIMEOUT_MS } from '../discover/defaults.js';
import { listen, type Listener } from '../discover/listen.js';
import { generate } from './generate.js';
import type { GenerateOptions } from './types.js';
import { FileWatch } from './watch-files.js';
import type { JsonObject } from '../shared/json.js';

export interface WatchOptions {
  /** Reads the config (again, after it changed), with whatever the command line lays over it. */
  load: () => Promise<ResolvedConfig>;
  /** What every regeneration is run with. */
  generate: Omit<GenerateOptions, 'config' | 'only' | 'check' | 'log' | 'progress'>;
  only?: string[];
  /** One line per regeneration, and the few lines about servers going away. */
  print: (line: string) => void;
  /** A regeneration or a config reload that failed: the watch goes on. */
  problem: (error: unknown) => void;
  warn: (line: string) => void;
  /** Aborting it stops the watch: the regeneration under way finishes, then sessions and watchers close. */
  stop: AbortSignal;
  /** How long a burst of changes (an editor's save, a server's notifications) must be quiet. */
  debounceMs?: number;
}

const DEBOUNCE_MS = 200;
/** The key under which a config change waits: it regenerates every server. */
const CONFIG = Symbol('config');
type Target = string | typeof CONFIG;

/**
 * `generate --watch`: generates once, then again for each change to the config, a snapshot file or
 * a shapes file, and for each `list_changed` of a live server. Changes are debounced and their
 * regenerations run one at a time, each server on its own, so a server that fails (a bad edit, a
 * server gone) writes nothing and leaves every other client as it was.
 */
export async function watchAndGenerate(options: WatchOptions): Promise<void> {
  let config = await options.load();
  const pending = new Map<Target, Set<string>>();
  let watched = new Map<string, Array<{ target: Target; reason: string }>>();
  const listeners = new Map<string, { key: string; listener: Listener }>();
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  let stopped = false;

  const schedule = (target: Target, reason: string) => {
    if (stopped) return;
    const reasons = pending.get(target) ?? new Set<string>();
    reasons.add(reason);
    pending.set(target, reasons);
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue = queue.then(() => (stopped ? undefined : flush()));
    }, options.debounceMs ?? DEBOUNCE_MS);
  };
  const files = new FileWatch((file) => {
    for (const { target, reason } of watched.get(file) ?? []) schedule(target, reason);
  }, options.warn);

  const rewire = () => {
    watched = filesOf(config, options.only, options.generate.offline === true);
    files.set(watched.keys());
    const live = options.generate.offline ? [] : selected(config, options.only).filter(isLive);
    for (const [name, { listener }] of listeners) {
      if (live.some((s) => s.name === name)) continue;
      void listener.close();
      listeners.delete(name);
    }
    for (const server of live) {
      const key = JSON.stringify([
        server.source,
        server.discovery?.timeoutMs,
        server.discovery?.capabilities,
        config.root,
      ]);
      const current = listeners.get(server.name);
      if (current?.key === key) continue;
      void current?.listener.close();
      listeners.set(server.name, { key, listener: listenTo(server) });
    }
  };
  const listenTo = (server: ServerConfig) =>
    listen(
      server.source as LiveSource,
      {
        cwd: config.root,
        env: options.generate.env ?? process.env,
        timeoutMs: server.discovery?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        server: server.name,
        ...(options.generate.auth ? { auth: options.generate.auth } : {}),
        ...(server.discovery?.capabilities !== undefined && {
          capabilities: server.discovery.capabilities as JsonObject,
        }),
      },
      {
        changed: (list) => schedule(server.name, `${list} list changed`),
        lost: (reason, everUp) => {
          if (stopped) return;
          options.print(
            everUp
              ? `${server.name}: server went away (${reason}); keeping the last client, reconnecting`
              : `${server.name}: cannot open a session to watch for list_changed (${reason}); retrying`,
          );
        },
        back: () => schedule(server.name, 'reconnected'),
      },
    );

  const regenerate = async (server: ServerConfig, reasons: Iterable<string>) => {
    const why = [...reasons].join(', ');
    try {
      const result = await generate({
        ...options.generate,
        config,
        only: [server.name],
        check: false,
      });
      const changed = result.files.filter((f) => f.status === 'written' || f.status === 'removed');
      const wrote = changed.filter((f) => f.status === 'written').map((f) => f.path);
      const removed = changed.filter((f) => f.status === 'removed').map((f) => f.path);
      const parts = [
        ...(wrote.length ? [`wrote ${wrote.join(', ')}`] : []),
        ...(removed.length ? [`removed ${removed.join(', ')}`] : []),
      ];
      options.print(`${server.name}: ${why}; ${parts.length ? parts.join('; ') : 'unchanged'}`);
    } catch (error) {
      // The whole error (with its hint) goes to stderr; the line says what failed.
      options.problem(error);
      const message = error instanceof Error ? error.message : String(error);
      options.print(`${server.name}: ${why}; failed, nothing written: ${message.split('\n')[0]}`);
    }
  };

  const flush = async () => {
    const batch = new Map(pending);
    pending.clear();
    const configReasons = batch.get(CONFIG);
    if (configReasons) {
      try {
        config = await options.load();
        rewire();
      } catch (error) {
        options.print('config: changed; cannot be read, keeping the previous one');
        options.problem(error);
        batch.delete(CONFIG);
      }
    }
    for (const server of selected(config, options.only)) {
      const reasons = new Set([...(batch.get(CONFIG) ?? []), ...(batch.get(server.name) ?? [])]);
      if (reasons.size) await regenerate(server, reasons);
    }
    files.set(watched.keys());
  };

  rewire();
  for (const server of selected(config, options.only)) await regenerate(server, ['generated']);
  files.set(watched.keys());
  const live = listeners.size
    ? ` and ${listeners.size} live server${listeners.size === 1 ? '' : 's'}`
    : '';
  options.print(
    `watching ${files.size} file${files.size === 1 ? '' : 's'}${live} (Ctrl-C to stop)`,
  );

  await new Promise<void>((done) => {
    if (options.stop.aborted) done();
    else options.stop.addEventListener('abort', () => done(), { once: true });
  });
  stopped = true;
  clearTimeout(timer);
  files.close();
  // Sessions first: Ctrl-C in a terminal reaches a stdio server too, and its going away is no news.
  await Promise.all([...listeners.values()].map(({ listener }) => listener.close()));
  await queue;
}

function isLive(server: ServerConfig): boolean {
  return !('snapshot' in server.source);
}

function selected(config: ResolvedConfig, only: string[] | undefined): ServerConfig[] {
  return only?.length ? config.servers.filter((s) => only.includes(s.name)) : config.servers;
}

/**
 * The files a config names, and what a change to each regenerates: the config itself (every
 * server), a snapshot source, an offline live source's committed snapshot, and each shapes file.
 * A live source's snapshot is not watched unless offline: generate writes it.
 */
function filesOf(
  config: ResolvedConfig,
  only: string[] | undefined,
  offline: boolean,
): Map<string, Array<{ target: Target; reason: string }>> {
  const files = new Map<string, Array<{ target: Target; reason: string }>>();
  const add = (file: string, target: Target, reason: string) =>
    files.set(file, [...(files.get(file) ?? []), { target, reason }]);
  if (config.file) add(resolve(config.file), CONFIG, 'config changed');
  for (const server of selected(config, only)) {
    if ('snapshot' in server.source)
      add(resolve(config.root, server.source.snapshot), server.name, 'snapshot changed');
    else if ('serverJson' in server.source && !offline)
      add(resolve(config.root, server.source.serverJson), server.name, 'server.json changed');
    else if (offline)
      add(
        resolve(config.root, server.snapshot ?? `${server.out}/snapshot.json`),
        server.name,
        'snapshot changed',
      );
    add(shapesFileOf(config, server), server.name, 'shapes changed');
  }
  return files;
}

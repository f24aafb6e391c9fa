import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ResolvedConfig, ServerConfig } from '../config/types.js';
import type { GenerateOptions, Timer } from './types.js';
import { sha256 } from './manifest.js';
import { readSnapshotFile } from '../snapshot/read.js';
import type { Snapshot } from '../snapshot/types.js';
import { serializeSnapshot } from '../snapshot/write.js';

/**
 * A server's catalog: a snapshot file's text (parsed only when it must be generated from), or a
 * discovered snapshot. `hash` is the SHA-256 of `text`: for a discovered snapshot that is its
 * canonical form; a file's bytes are canonical when `mcp-codegen` wrote them, and only then equal it.
 */
export type Input =
  | { discovered: false; file: string; text: string; snapshot?: undefined; hash: string }
  | { discovered: true; file: string; text: string; snapshot: Snapshot; hash: string };

export async function loadInput(
  server: ServerConfig,
  config: ResolvedConfig,
  options: GenerateOptions,
  time: Timer,
): Promise<Input> {
  const source = server.source;
  const fromFile = async (file: string): Promise<Input> => {
    const text = await time('read', () => readSnapshotText(file));
    return { discovered: false, file, text, hash: sha256(text) };
  };
  if ('snapshot' in source) return fromFile(resolve(config.root, source.snapshot));
  const snapshotFile = resolve(config.root, server.snapshot ?? `${server.out}/snapshot.json`);
  if (options.offline) return fromFile(snapshotFile);
  const [{ discover }, { createProgressReporter }] = await Promise.all([
    import('../snapshot/discover.js'),
    import('../discover/index.js'),
  ]);
  const snapshot = await time('discover', () =>
    discover(source, {
      cwd: config.root,
      env: options.env ?? process.env,
      serverLabel: server.name,
      ...(server.discovery?.timeoutMs !== undefined
        ? { timeoutMs: server.discovery.timeoutMs }
        : {}),
      ...(server.discovery?.maxPages !== undefined ? { maxPages: server.discovery.maxPages } : {}),
      ...(server.discovery?.era !== undefined ? { era: server.discovery.era } : {}),
      ...(server.discovery?.capabilities !== undefined
        ? { capabilities: server.discovery.capabilities }
        : {}),
      ...(server.discovery?.uiHtml !== undefined ? { uiHtml: server.discovery.uiHtml } : {}),
      ...(options.progress ? { onProgress: createProgressReporter(options.progress) } : {}),
      ...(options.warn ? { onWarning: options.warn } : {}),
      ...(options.auth ? { auth: options.auth } : {}),
      ...(options.log ? { onNote: options.log } : {}),
    }),
  );
  const text = serializeSnapshot(snapshot);
  return { discovered: true, file: snapshotFile, text, snapshot, hash: sha256(text) };
}

/** A snapshot file's text; when it cannot be read, the error readSnapshotFile gives (naming the file, with a hint). */
async function readSnapshotText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    await readSnapshotFile(file);
    throw error;
  }
}

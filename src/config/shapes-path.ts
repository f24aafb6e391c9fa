import { dirname, resolve } from 'node:path';
import type { ResolvedConfig, ServerConfig } from './types.js';

/** A server's committed snapshot: its snapshot source, else `snapshot`, else `<out>/snapshot.json`. */
export function snapshotFileOf(config: Pick<ResolvedConfig, 'root'>, server: ServerConfig): string {
  return resolve(config.root, snapshotPathOf(server));
}

function snapshotPathOf(server: ServerConfig): string {
  return 'snapshot' in server.source
    ? server.source.snapshot
    : (server.snapshot ?? `${server.out}/snapshot.json`);
}

/**
 * A server's shapes file: `shapes` relative to the config, else beside the snapshot as
 * `<name>.shapes.json`, so the two committed files of a server sit together.
 */
export function shapesFileOf(config: Pick<ResolvedConfig, 'root'>, server: ServerConfig): string {
  if (server.shapes !== undefined) return resolve(config.root, server.shapes);
  return resolve(config.root, dirname(snapshotPathOf(server)), `${server.name}.shapes.json`);
}

import { relative, resolve, sep } from 'node:path';
import type { LintPolicy, ServerConfig } from '../config/types.js';
import { loadCommandConfig, serverIndex } from '../diff/settings.js';
import { shapesFileOf } from '../config/shapes-path.js';
import { CodegenError } from '../shared/errors.js';
import { mergeLintPolicies, validateLintPolicy } from './policy.js';

export interface LintSettings {
  policy: LintPolicy;
  /** The snapshot of `--server` (or of the config's only server), when no file was named. */
  snapshotFile?: string;
  configFile?: string;
  /** That server's shapes file (which may not exist yet): tools with a sampled result shape. */
  shapesFile?: string;
}

/**
 * The policy (and, with `--server`, the snapshot) for a lint. As for diff, a config is optional:
 * loaded when `--config` names one or one is found from `cwd` up to the project root. Top-level
 * `lint` applies; with `--server`, that server's `lint` on top (levels and thresholds override,
 * ignores add up), and its committed snapshot is what gets linted unless a file is named.
 */
export async function resolveLintSettings(options: {
  config?: string;
  server?: string;
  cwd: string;
  snapshotGiven: boolean;
}): Promise<LintSettings> {
  const loaded = await loadCommandConfig(options);
  if (loaded === undefined) {
    if (options.server !== undefined || !options.snapshotGiven) {
      throw new CodegenError(
        `lint: ${options.server !== undefined ? `--server ${options.server}` : 'linting without a snapshot argument'} needs a config file, and none was found from ${options.cwd}`,
        {
          hint: 'pass a snapshot file (`mcp-codegen lint mcp/server.snapshot.json`), or --config <file> with --server <name>',
        },
      );
    }
    return { policy: {} };
  }
  const { config, configFile } = loaded;
  const top = validateLintPolicy(config.lint, { file: configFile, at: '/lint' });
  let index = serverIndex('lint', loaded, options.server);
  if (index < 0 && !options.snapshotGiven) {
    if (config.servers.length !== 1) {
      throw new CodegenError(
        `lint: ${configFile} has ${config.servers.length} servers; say which to lint`,
        {
          hint: `pass --server <name> (${config.servers.map((s) => s.name).join(', ')}) or a snapshot file`,
        },
      );
    }
    index = 0;
  }
  if (index < 0) return { policy: mergeLintPolicies(top), configFile };
  const server = config.servers[index]!;
  const own = validateLintPolicy(server.lint, { file: configFile, at: `/servers/${index}/lint` });
  return {
    policy: mergeLintPolicies(top, own),
    snapshotFile: snapshotFileOf(server, config.root),
    configFile,
    shapesFile: shapesFileOf(config, server),
  };
}

/** Where a server's catalog is committed: its snapshot source, or the file discovery writes. */
function snapshotFileOf(server: ServerConfig, root: string): string {
  const source = server.source;
  return resolve(
    root,
    'snapshot' in source ? source.snapshot : (server.snapshot ?? `${server.out}/snapshot.json`),
  );
}

/** A path for the report: relative to `cwd` and `/`-separated, so the output is the same on every machine. */
export function displayPath(file: string, cwd: string): string {
  return relative(cwd, file).split(sep).join('/');
}

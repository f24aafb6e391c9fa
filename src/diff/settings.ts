import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { DiffPolicy, ErrorCodeConfig, ResolvedConfig } from '../config/types.js';
import { CONFIG_NAMES } from '../config/files.js';
import { CodegenError } from '../shared/errors.js';
import { mergePolicies, validatePolicy } from './policy.js';

export interface DiffSettings {
  policy: DiffPolicy;
  errorCodes?: ErrorCodeConfig;
  /** The config file used, if any. */
  configFile?: string;
}

/**
 * The policy for a diff. A config is optional here (diffing two files needs none): it is loaded
 * only when `--config` names one or one is found from `cwd` up to the project root (the first
 * folder with a package.json). Top-level `diff` applies; with `--server`, that server's `diff`
 * (rules override, ignores add up) and `errors` too.
 */
export async function resolveDiffSettings(options: {
  config?: string;
  server?: string;
  cwd: string;
}): Promise<DiffSettings> {
  const loaded = await loadCommandConfig(options);
  if (loaded === undefined) {
    if (options.server !== undefined) {
      throw new CodegenError(
        `diff: --server ${options.server} needs a config file, and none was found from ${options.cwd}`,
        { hint: 'pass --config <file>, or drop --server' },
      );
    }
    return { policy: {} };
  }
  const { config, configFile } = loaded;
  const top = validatePolicy(config.diff, { file: configFile, at: '/diff' });
  const index = serverIndex('diff', loaded, options.server);
  if (index < 0) return { policy: mergePolicies(top), configFile };
  const server = config.servers[index]!;
  const own = validatePolicy(server.diff, { file: configFile, at: `/servers/${index}/diff` });
  return { policy: mergePolicies(top, own), errorCodes: server.errors, configFile };
}

export interface LoadedConfig {
  config: ResolvedConfig;
  configFile: string;
}

/** The config of a diff or lint run: `--config`, or the one found from `cwd`; undefined when there is none. */
export async function loadCommandConfig(options: {
  config?: string;
  cwd: string;
}): Promise<LoadedConfig | undefined> {
  const file =
    options.config !== undefined
      ? resolve(options.cwd, options.config)
      : await findConfig(options.cwd);
  if (file === undefined) return undefined;
  // Loaded lazily: the config loader (cosmiconfig, and jiti for a .ts config) costs startup time a plain diff does not need.
  const { loadConfig } = await import('../config/load.js');
  const config = await loadConfig({ file, cwd: options.cwd });
  return { config, configFile: config.file ?? file };
}

/** The index of the `--server` named in the config, -1 when none is named; an unknown name is an error. */
export function serverIndex(
  command: string,
  loaded: LoadedConfig,
  server: string | undefined,
): number {
  if (server === undefined) return -1;
  const { config, configFile } = loaded;
  const index = config.servers.findIndex((s) => s.name === server);
  if (index < 0) {
    throw new CodegenError(
      `${command}: no server named ${JSON.stringify(server)} in ${configFile}`,
      {
        hint: `servers in the config: ${config.servers.map((s) => s.name).join(', ')}`,
      },
    );
  }
  return index;
}

/** The config file from `cwd` up to the project root (the first folder with a package.json), if any; also used by lint. */
async function findConfig(cwd: string): Promise<string | undefined> {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of CONFIG_NAMES) if (await isFile(join(dir, name))) return join(dir, name);
    const pkg = join(dir, 'package.json');
    if (await isFile(pkg)) {
      if (await hasConfigKey(pkg)) return pkg;
      return undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

async function hasConfigKey(pkg: string): Promise<boolean> {
  try {
    const json = JSON.parse(await readFile(pkg, 'utf8')) as Record<string, unknown>;
    return json['mcp-codegen'] !== undefined;
  } catch {
    return false;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

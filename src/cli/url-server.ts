import type { ResolvedConfig, ServerConfig } from '../config/types.js';
import { CodegenError } from '../shared/errors.js';
import type { Io } from './io.js';

/** The one positional: a server of the config with a url source. */
export async function urlServerOf(
  command: string,
  positionals: string[],
  file: string | undefined,
  io: Io,
): Promise<{ server: ServerConfig; config: ResolvedConfig }> {
  if (positionals.length !== 1)
    throw new CodegenError(`${command}: give the name of one server of the config`, {
      hint: `e.g. mcp-codegen ${command} weather`,
    });
  const name = positionals[0]!;
  const { loadConfig } = await import('../config/load.js');
  const config = await loadConfig({ cwd: io.cwd, ...(file ? { file } : {}) });
  const server = config.servers.find((s) => s.name === name);
  if (!server)
    throw new CodegenError(`${command}: no server named ${JSON.stringify(name)} in the config`, {
      hint: `servers: ${config.servers.map((s) => s.name).join(', ')}`,
    });
  if (!('url' in server.source))
    throw new CodegenError(
      `${command}: server ${JSON.stringify(name)} is not a url source: only servers over HTTP log in`,
      { hint: 'a stdio server reads its keys from its environment (env in its source)' },
    );
  return { server, config };
}

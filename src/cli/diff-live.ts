import type { ServerConfig } from '../config/types.js';
import { createProgressReporter } from '../discover/index.js';
import { loadCommandConfig } from '../diff/settings.js';
import { CodegenError } from '../shared/errors.js';
import { discover } from '../snapshot/discover.js';
import type { Snapshot } from '../snapshot/types.js';
import { discoveryAuth } from './discovery-auth.js';
import type { Io } from './io.js';

/**
 * `diff <snapshot> --live`: what the configured server serves now, discovered as `generate` does
 * (the server's source, timeout, page limit, era and client capabilities from the config), to compare a committed
 * snapshot with. The server is `--server <name>`, or the config's only one.
 */
export async function discoverLive(
  options: { config?: string | undefined; server?: string | undefined },
  io: Io,
): Promise<{ snapshot: Snapshot; label: string }> {
  const loaded = await loadCommandConfig({
    ...(options.config !== undefined ? { config: options.config } : {}),
    cwd: io.cwd,
  });
  if (loaded === undefined) {
    throw new CodegenError(`diff --live: no config file found from ${io.cwd}`, {
      hint: 'the live server is read from mcp-codegen.config.ts: pass --config <file>, or run it from the project',
    });
  }
  const { config, configFile } = loaded;
  const names = config.servers.map((s) => s.name);
  const server: ServerConfig | undefined =
    options.server !== undefined
      ? config.servers.find((s) => s.name === options.server)
      : config.servers.length === 1
        ? config.servers[0]
        : undefined;
  if (server === undefined) {
    throw new CodegenError(
      options.server !== undefined
        ? `diff --live: no server named ${JSON.stringify(options.server)} in ${configFile}`
        : `diff --live: ${configFile} has ${names.length} servers; which one is live?`,
      { hint: `pass --server <name>; servers in the config: ${names.join(', ') || '(none)'}` },
    );
  }
  if ('snapshot' in server.source) {
    throw new CodegenError(
      `diff --live: server ${JSON.stringify(server.name)} is read from a snapshot file (${server.source.snapshot}), not from a live server`,
      { hint: 'give it a `stdio` or `url` source in the config, or diff two snapshot files' },
    );
  }
  const discovery = server.discovery ?? {};
  const snapshot = await discover(server.source, {
    cwd: config.root,
    env: io.env,
    serverLabel: server.name,
    ...(discovery.timeoutMs !== undefined ? { timeoutMs: discovery.timeoutMs } : {}),
    ...(discovery.maxPages !== undefined ? { maxPages: discovery.maxPages } : {}),
    ...(discovery.era !== undefined ? { era: discovery.era } : {}),
    ...(discovery.capabilities !== undefined ? { capabilities: discovery.capabilities } : {}),
    ...(discovery.uiHtml !== undefined ? { uiHtml: discovery.uiHtml } : {}),
    onProgress: createProgressReporter(io.stderr),
    onNote: (line) => io.stderr.write(`${line}\n`),
    onWarning: (line) => io.stderr.write(`warning: ${line}\n`),
    auth: discoveryAuth(io),
  });
  return { snapshot, label: `${server.name} (live)` };
}

import type { DiscoveryEra, HttpSource, StdioSource } from '../config/types.js';
import { CodegenError } from '../shared/errors.js';
import { serverError } from './failure.js';
import { connectLegacy, openLegacy } from './legacy.js';
import { META_KEYS, MODERN_PROTOCOL_VERSION, probeModern, type Probe } from './modern.js';
import type { ConnectOptions, Connection } from './session.js';
import { modernHttpTransport, stdioTransport } from './transport.js';

/**
 * How long `auto` waits for a stdio server to answer `server/discover` before taking it for a
 * legacy server that ignores unknown requests. Old SDKs answer "method not found" at once; this
 * only bounds the silent ones, so they do not cost the whole request timeout. A modern server
 * slower than this to start is still discovered, in the legacy era.
 */
const STDIO_PROBE_TIMEOUT_MS = 5000;

/**
 * Open a session in the era asked for. `legacy`: `initialize`, as every 2025 client does. `modern`:
 * `server/discover` and the per-request envelope, nothing else. `auto`: the modern probe first, and
 * `initialize` when the server turns out to be a legacy one (over stdio on the same process,
 * unless the probe made it exit).
 */
export async function connect(
  source: StdioSource | HttpSource,
  options: ConnectOptions & { era: DiscoveryEra },
): Promise<Connection> {
  if (options.era === 'legacy') return connectLegacy(source, options);
  const pinned = options.era === 'modern';
  if ('stdio' in source) {
    const { transport, stderr } = stdioTransport(source, options);
    const probe = await probeModern(
      'stdio',
      transport,
      stderr,
      options,
      pinned ? options.timeoutMs : Math.min(options.timeoutMs, STDIO_PROBE_TIMEOUT_MS),
    );
    if (probe.era === 'modern') return probe.connection;
    if (pinned) return notModern(probe, options.server);
    if (probe.alive) return openLegacy('stdio', transport, stderr, options, true);
    return connectLegacy(source, options);
  }
  if (source.transport === 'sse') {
    if (pinned) {
      throw new CodegenError(
        `server "${options.server}": the legacy HTTP+SSE transport has no modern era`,
        {
          hint: 'use the streamable-http (or auto) transport for the modern era (transport in the config, `mcp-codegen snapshot --transport`), or --era legacy (discovery.era in the config) for SSE',
        },
      );
    }
    return connectLegacy(source, options);
  }
  const probe = await probeModern(
    'streamable-http',
    modernHttpTransport(source, options.env, META_KEYS.protocolVersion, options.fetch),
    undefined,
    options,
    options.timeoutMs,
  );
  if (probe.era === 'modern') return probe.connection;
  if (pinned) return notModern(probe, options.server);
  await probe.close();
  return connectLegacy(source, options);
}

async function notModern(probe: Extract<Probe, { era: 'legacy' }>, server: string): Promise<never> {
  await probe.close();
  throw serverError(
    { server, method: 'server/discover' },
    `discovery is pinned to the modern era (${MODERN_PROTOCOL_VERSION}), but the server speaks only the legacy era: ${probe.reason}`,
    {
      hint: 'use --era auto (or legacy), or discovery.era: "auto" in the config, to discover it with initialize',
    },
  );
}

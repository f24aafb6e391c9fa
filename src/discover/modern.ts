import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { openChannel } from './channel.js';
import { serverError } from './failure.js';
import { CLIENT_VERSION, httpStatus } from './legacy.js';
import {
  attempt,
  watchTransport,
  within,
  type ConnectOptions,
  type Connection,
  type Watch,
} from './session.js';
import type { StdioChild } from './transport.js';
import { isObject, type JsonObject } from '../shared/json.js';

/** The protocol revision of the modern (stateless, `server/discover`) era that discovery speaks. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/**
 * Client capabilities the 2026-07-28 revision has no place for: `tasks` moved to an extension
 * (`io.modelcontextprotocol/tasks`) whose capability is not the 2025 one. They are left out of the
 * envelope, and the snapshot says so (`clientCapabilitiesNotSent`).
 */
const NOT_IN_MODERN_ERA: readonly string[] = ['tasks'];

/** The declared capabilities as the modern era sends them, and the keys it left out. */
function modernCapabilities(capabilities: JsonObject): {
  sent: JsonObject;
  notSent: string[];
} {
  const sent: JsonObject = {};
  const notSent: string[] = [];
  for (const [key, value] of Object.entries(capabilities))
    if (NOT_IN_MODERN_ERA.includes(key)) notSent.push(key);
    else sent[key] = value;
  return { sent, notSent: notSent.sort() };
}

/** The per-request `_meta` envelope the modern era requires on every request (there is no session to hold it). */
function envelope(capabilities: JsonObject): Record<string, unknown> {
  return {
    [META_KEYS.protocolVersion]: MODERN_PROTOCOL_VERSION,
    [META_KEYS.clientInfo]: { name: 'mcp-codegen', version: CLIENT_VERSION },
    [META_KEYS.clientCapabilities]: capabilities,
  };
}

/** What the `server/discover` probe found. A legacy verdict says why, and whether the stdio process is still usable. */
export type Probe =
  | { era: 'modern'; connection: Connection }
  | { era: 'legacy'; reason: string; alive: boolean; close(): Promise<void> };

/**
 * Send `server/discover` as the first message and read the verdict the way the SDK v2 client
 * does: a DiscoverResult offering 2026-07-28 is the modern era; a JSON-RPC error, another
 * result, an HTTP 4xx other than 401/403, or (over stdio only) silence or the process exiting
 * means a legacy server. Anything else (a refused connection, a 401, a 5xx, silence over HTTP,
 * which is an outage rather than an old server) fails as it would in the legacy era.
 */
export async function probeModern(
  kind: 'stdio' | 'streamable-http',
  transport: Transport,
  stderr: StdioChild | undefined,
  options: ConnectOptions,
  probeTimeoutMs: number,
): Promise<Probe> {
  options.report({ type: 'connecting', server: options.server, transport: kind });
  const watch = watchTransport(kind, transport, stderr, options.timeoutMs, () => transport.close());
  const channel = openChannel(transport);
  watch.dead.catch((error: Error) => channel.abort(error));
  const where = { server: options.server, method: 'server/discover' };
  let result: unknown;
  try {
    await within(transport.start(), watch, options.timeoutMs);
    result = await within(
      channel.request(
        'server/discover',
        { _meta: envelope(modernCapabilities(options.capabilities).sent) },
        probeTimeoutMs,
      ),
      watch,
      probeTimeoutMs,
    );
  } catch (error) {
    const reason = legacyReason(error, kind, probeTimeoutMs);
    if (reason === undefined) return watch.fail(error, where);
    return {
      era: 'legacy',
      reason,
      alive: !watch.state.exited && !watch.state.fatal,
      close: () => watch.close(true),
    };
  }
  const discover = isObject(result) ? result : {};
  const versions = Array.isArray(discover.supportedVersions)
    ? discover.supportedVersions.filter((v): v is string => typeof v === 'string')
    : undefined;
  if (!versions || !isObject(discover.capabilities)) {
    return {
      era: 'legacy',
      reason: 'its answer to server/discover is not a DiscoverResult',
      alive: true,
      close: () => watch.close(true),
    };
  }
  if (!versions.includes(MODERN_PROTOCOL_VERSION)) {
    // Untrusted and unbounded: a few versions say enough.
    const offered =
      versions
        .slice(0, 5)
        .map((v) => JSON.stringify(v.slice(0, 40)))
        .join(', ') + (versions.length > 5 ? ', …' : '');
    return {
      era: 'legacy',
      reason: `it offers ${offered || 'no version'} through server/discover, not ${MODERN_PROTOCOL_VERSION}`,
      alive: true,
      close: () => watch.close(true),
    };
  }
  const meta = isObject(discover._meta) ? discover._meta : {};
  const serverInfo = isObject(meta[META_KEYS.serverInfo])
    ? (meta[META_KEYS.serverInfo] as Record<string, unknown>)
    : undefined;
  const hello: Record<string, unknown> = {
    protocolVersion: MODERN_PROTOCOL_VERSION,
    serverInfo,
    capabilities: discover.capabilities,
    instructions: discover.instructions,
  };
  options.report({
    type: 'connected',
    server: options.server,
    transport: kind,
    era: 'modern',
    serverName: typeof serverInfo?.name === 'string' ? serverInfo.name : undefined,
    serverVersion: typeof serverInfo?.version === 'string' ? serverInfo.version : undefined,
    protocolVersion: MODERN_PROTOCOL_VERSION,
  });
  return { era: 'modern', connection: modernConnection(kind, channel, watch, hello, options) };
}

function modernConnection(
  kind: 'stdio' | 'streamable-http',
  channel: ReturnType<typeof openChannel>,
  watch: Watch,
  hello: Record<string, unknown>,
  options: ConnectOptions,
): Connection {
  const { sent, notSent } = modernCapabilities(options.capabilities);
  const send = (method: string, params: Record<string, unknown>) =>
    channel.request(method, { ...params, _meta: envelope(sent) }, options.timeoutMs);
  return {
    transport: kind,
    era: 'modern',
    hello,
    stdout: watch.state.stdout,
    clientCapabilitiesNotSent: notSent,
    async request(method, params, where) {
      try {
        const result = await Promise.race([send(method, params), watch.dead]);
        // The modern era marks every result; a list can only be complete (input_required is for calls).
        const type = resultType(result);
        if (type !== undefined && type !== 'complete') {
          throw serverError(
            where,
            `the result's resultType is ${JSON.stringify(type)}, but a list result can only be "complete"`,
            { hint: "the server sent a malformed page; report it to the server's authors" },
          );
        }
        return result;
      } catch (error) {
        return watch.fail(error, where);
      }
    },
    attempt: (method, params, where) =>
      attempt(
        async () => {
          const result = await send(method, params);
          const type = resultType(result);
          // `input_required` asks the client for input (an elicitation, a sample) in a second round:
          // discovery has none to give, so the read is not retried.
          if (type !== undefined && type !== 'complete')
            throw new Error(
              `the server answered with resultType ${JSON.stringify(type)} (it asks for input, which discovery does not give)`,
            );
          return result;
        },
        watch,
        where,
      ),
    close: (force) => watch.close(force),
  };
}

/** Why a probe failure means "a legacy server", or undefined when it is a real failure. */
function legacyReason(
  error: unknown,
  kind: 'stdio' | 'streamable-http',
  probeTimeoutMs: number,
): string | undefined {
  if (!(error instanceof McpError)) {
    // A spawn failure, a refused connection or garbage on stdout is broken whatever the era.
    const status = error instanceof SseError ? error.code : httpStatus(error);
    if (status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403)
      return `it answered server/discover with HTTP ${status}`;
    return undefined;
  }
  if (error.code === ErrorCode.RequestTimeout)
    return kind === 'stdio'
      ? `no answer to server/discover within ${probeTimeoutMs} ms`
      : undefined;
  if (error.code === ErrorCode.ConnectionClosed)
    return kind === 'stdio' ? 'the process exited when it received server/discover' : undefined;
  return `it answered server/discover with JSON-RPC error ${error.code}: ${error.message.replace(/^MCP error -?\d+: /, '')}`;
}

function resultType(result: unknown): unknown {
  return isObject(result) ? result.resultType : undefined;
}

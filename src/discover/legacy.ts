import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ClientRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { HttpSource, StdioSource } from '../config/types.js';
import { serverError } from './failure.js';
import type { TransportKind } from './progress.js';
import { refuse } from './refusals.js';
import {
  attempt,
  watchTransport,
  within,
  type ConnectOptions,
  type Connection,
} from './session.js';
import { httpTransport, stdioTransport, type StdioChild } from './transport.js';
import { isObject } from '../shared/json.js';

export const { version: CLIENT_VERSION } = createRequire(import.meta.url)('../../package.json') as {
  version: string;
};

/** Accept any result: pages are checked by `paginate`, which can say what is wrong and where. */
const AnyResult = z.unknown();

/** The legacy era: `initialize` through the v1 SDK's `Client`, over stdio, Streamable HTTP or SSE. */
export async function connectLegacy(
  source: StdioSource | HttpSource,
  options: ConnectOptions,
): Promise<Connection> {
  if ('stdio' in source) {
    const { transport, stderr } = stdioTransport(source, options);
    return openLegacy('stdio', transport, stderr, options);
  }
  const kind = source.transport ?? 'auto';
  if (kind !== 'auto')
    return openLegacy(
      kind,
      httpTransport(kind, source, options.env, options.fetch),
      undefined,
      options,
    );
  try {
    return await openLegacy(
      'streamable-http',
      httpTransport('streamable-http', source, options.env, options.fetch),
      undefined,
      options,
    );
  } catch (error) {
    // The backwards-compatibility rule of the MCP spec: a 4xx to the initialize POST means an
    // older server that only speaks HTTP+SSE. 401/403 are kept: the credentials are the problem,
    // and SSE would be refused the same way, with a less helpful error.
    const status = httpStatus(error);
    if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 403)
      throw error;
    options.report({
      type: 'fallback',
      server: options.server,
      from: 'streamable-http',
      to: 'sse',
      reason: `HTTP ${status}`,
    });
    try {
      return await openLegacy(
        'sse',
        httpTransport('sse', source, options.env, options.fetch),
        undefined,
        options,
      );
    } catch (sseError) {
      const first =
        error instanceof Error
          ? error.message.replace(/^server "[^"]*": initialize: /, '')
          : String(error);
      const second =
        sseError instanceof Error
          ? sseError.message.replace(/^server "[^"]*": initialize: /, '')
          : String(sseError);
      throw serverError(
        { server: options.server, method: 'initialize' },
        `neither Streamable HTTP (${first}) nor legacy SSE (${second}) worked`,
        {
          hint: 'check the URL: Streamable HTTP servers usually answer at /mcp, legacy SSE servers at /sse; or pick one (transport in the config, `mcp-codegen snapshot --transport`)',
          cause: sseError,
        },
      );
    }
  }
}

/**
 * `initialize` on a transport. A stdio transport the modern probe already started is handed over
 * as it is (`started`): its process is the one that answered the probe, so it is not spawned twice.
 */
export async function openLegacy(
  kind: TransportKind,
  transport: Transport,
  stderr: StdioChild | undefined,
  options: ConnectOptions,
  started = false,
): Promise<Connection> {
  if (!started) options.report({ type: 'connecting', server: options.server, transport: kind });
  const client = new Client(
    { name: 'mcp-codegen', version: CLIENT_VERSION },
    { capabilities: options.capabilities },
  );
  // Every request the server sends (elicitation, sampling, roots) is refused at once; the SDK's own
  // handlers would also check them against the declared capabilities, which a refusal needs not.
  client.fallbackRequestHandler = refuse;
  const watch = watchTransport(kind, transport, stderr, options.timeoutMs, () => client.close());
  const close = async (force: boolean) => {
    // Let an HTTP server drop the session now rather than keep it until it expires.
    if (!force && !watch.isClosing() && transport instanceof StreamableHTTPClientTransport)
      await transport.terminateSession().catch(() => {});
    await watch.close(force);
  };
  let initialize: Record<string, unknown> | undefined;
  // Set before connect: the SDK's Protocol chains these handlers rather than replacing them.
  transport.onmessage = (message) => {
    const result = (message as { result?: unknown }).result;
    if (initialize === undefined && isObject(result) && typeof result.protocolVersion === 'string')
      initialize = result;
  };
  if (started) transport.start = async () => {};

  const where = { server: options.server, method: 'initialize' };
  try {
    // connect() also starts the transport (spawn, SSE handshake), which has no timeout of its own.
    await within(
      client.connect(transport, { timeout: options.timeoutMs }),
      watch,
      options.timeoutMs,
    );
  } catch (error) {
    return watch.fail(error, where);
  }
  if (initialize === undefined)
    return watch.fail(
      serverError(where, 'initialize succeeded but its result was not seen'),
      where,
    );
  options.report({
    type: 'connected',
    server: options.server,
    transport: kind,
    era: 'legacy',
    serverName: (initialize.serverInfo as { name?: string } | undefined)?.name,
    serverVersion: (initialize.serverInfo as { version?: string } | undefined)?.version,
    protocolVersion: initialize.protocolVersion as string,
  });

  const send = (method: string, params: Record<string, unknown>) =>
    client.request({ method, params } as ClientRequest, AnyResult, { timeout: options.timeoutMs });
  return {
    transport: kind,
    era: 'legacy',
    hello: initialize,
    stdout: watch.state.stdout,
    clientCapabilitiesNotSent: [],
    async request(method, params, where) {
      try {
        return await Promise.race([send(method, params), watch.dead]);
      } catch (error) {
        return watch.fail(error, where);
      }
    },
    attempt: (method, params, where) => attempt(() => send(method, params), watch, where),
    close,
  };
}

export function httpStatus(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof StreamableHTTPError) return current.code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

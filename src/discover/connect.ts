import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, type ClientRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { HttpSource, StdioSource } from '../config/types.js';
import { serverError, toServerError, type TransportState, type Where } from './failure.js';
import type { DiscoverProgress, TransportKind } from './progress.js';
import { httpTransport, stdioTransport, type StderrTail } from './transport.js';
import type { Environment } from '../host.js';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/** Accept any result: pages are checked by `paginate`, which can say what is wrong and where. */
const AnyResult = z.unknown();

export interface ConnectOptions {
  server: string;
  timeoutMs: number;
  cwd: string;
  env: Environment;
  report: (e: DiscoverProgress) => void;
}

/** An initialized session with a server. */
export interface Connection {
  transport: TransportKind;
  /** The initialize result exactly as the server sent it (the SDK's parsed copy drops unknown fields). */
  initialize: Record<string, unknown>;
  /** Send one request; any failure comes back as a ServerError located by `where`. */
  request(method: string, params: Record<string, unknown>, where: Where): Promise<unknown>;
  /** Close the session. `force` kills a stdio server at once instead of letting it exit on its own. */
  close(force: boolean): Promise<void>;
}

export async function connect(source: StdioSource | HttpSource, options: ConnectOptions): Promise<Connection> {
  if ('stdio' in source) {
    const { transport, stderr } = stdioTransport(source, options);
    return open('stdio', transport, stderr, options);
  }
  const kind = source.transport ?? 'auto';
  if (kind !== 'auto') return open(kind, httpTransport(kind, source, options.env), undefined, options);
  try {
    return await open('streamable-http', httpTransport('streamable-http', source, options.env), undefined, options);
  } catch (error) {
    // The backwards-compatibility rule of the MCP spec: a 4xx to the initialize POST means an
    // older server that only speaks HTTP+SSE. 401/403 are kept: the credentials are the problem,
    // and SSE would be refused the same way, with a less helpful error.
    const status = httpStatus(error);
    if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 403) throw error;
    options.report({ type: 'fallback', server: options.server, from: 'streamable-http', to: 'sse', reason: `HTTP ${status}` });
    try {
      return await open('sse', httpTransport('sse', source, options.env), undefined, options);
    } catch (sseError) {
      const first = error instanceof Error ? error.message.replace(/^server "[^"]*": initialize: /, '') : String(error);
      const second = sseError instanceof Error ? sseError.message.replace(/^server "[^"]*": initialize: /, '') : String(sseError);
      throw serverError({ server: options.server, method: 'initialize' }, `neither Streamable HTTP (${first}) nor legacy SSE (${second}) worked`, {
        hint: 'check the URL: Streamable HTTP servers usually answer at /mcp, legacy SSE servers at /sse; or pick one with --transport',
        cause: sseError,
      });
    }
  }
}

async function open(kind: TransportKind, transport: Transport, stderr: StderrTail | undefined, options: ConnectOptions): Promise<Connection> {
  options.report({ type: 'connecting', server: options.server, transport: kind });
  const state: TransportState & { settle(): Promise<void> } = {
    stderr: () => stderr?.text() ?? '',
    settle: () => stderr?.settled() ?? Promise.resolve(),
    exited: false,
    timeoutMs: options.timeoutMs,
  };
  let closing = false;
  let initialize: Record<string, unknown> | undefined;
  // Rejected when the connection dies under a pending request, so that request fails at once
  // with the real reason instead of waiting for its timeout.
  let die: (error: Error) => void = () => {};
  const dead = new Promise<never>((_, reject) => (die = reject));
  dead.catch(() => {});

  // Set before connect: the SDK's Protocol chains these handlers rather than replacing them.
  transport.onmessage = (message) => {
    const result = (message as { result?: unknown }).result;
    if (initialize === undefined && isObject(result) && typeof result.protocolVersion === 'string') initialize = result;
  };
  transport.onclose = () => {
    // Over stdio this is the process going away. HTTP transports only close when told to (the
    // SDK does so itself after a failed initialize), and their requests fail on their own.
    if (closing || kind !== 'stdio') return;
    state.exited = true;
    die(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'));
  };
  transport.onerror = (error) => {
    // Over stdio every transport error is fatal: stdout that is not JSON-RPC breaks the MCP
    // stdio contract, and a broken pipe means the process is gone. Over HTTP the SDK also
    // reports recoverable trouble with the optional GET stream here, so only requests fail.
    if (kind !== 'stdio' || closing) return;
    state.fatal ??= error;
    die(error);
  };

  const client = new Client({ name: 'mcp-codegen', version }, { capabilities: {} });
  const close = async (force: boolean) => {
    if (closing) return;
    closing = true;
    const pid = kind === 'stdio' ? (transport as { pid?: number | null }).pid : undefined;
    if (force && pid) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    if (!force && transport instanceof StreamableHTTPClientTransport) {
      // Let the server drop the session now rather than keep it until it expires.
      await transport.terminateSession().catch(() => {});
    }
    await client.close().catch(() => {});
  };
  const fail = async (error: unknown, where: Where): Promise<never> => {
    // Read before waiting for stderr: the SDK closes the transport itself after a failed
    // initialize, and that must not pass for the server exiting on its own.
    const exited = state.exited;
    // A process that died has more to say on stderr than has been read yet; a live one does not.
    if (exited || state.fatal) await state.settle();
    const failure = toServerError(error, where, { ...state, exited });
    await close(true);
    throw failure;
  };

  const where = { server: options.server, method: 'initialize' };
  let timer: NodeJS.Timeout | undefined;
  try {
    // connect() also starts the transport (spawn, SSE handshake), which has no timeout of its own.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new McpError(ErrorCode.RequestTimeout, 'Request timed out')), options.timeoutMs);
    });
    await Promise.race([client.connect(transport, { timeout: options.timeoutMs }), dead, timeout]);
  } catch (error) {
    return fail(error, where);
  } finally {
    clearTimeout(timer);
  }
  if (initialize === undefined) return fail(serverError(where, 'initialize succeeded but its result was not seen'), where);
  options.report({
    type: 'connected',
    server: options.server,
    transport: kind,
    serverName: (initialize.serverInfo as { name?: string } | undefined)?.name,
    serverVersion: (initialize.serverInfo as { version?: string } | undefined)?.version,
    protocolVersion: initialize.protocolVersion as string,
  });

  return {
    transport: kind,
    initialize,
    async request(method, params, where) {
      try {
        return await Promise.race([client.request({ method, params } as ClientRequest, AnyResult, { timeout: options.timeoutMs }), dead]);
      } catch (error) {
        return fail(error, where);
      }
    },
    close,
  };
}

function httpStatus(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof StreamableHTTPError) return current.code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { HttpSource, StdioSource } from '../config/types.js';
import { parseCommandLine } from './command-line.js';
import { interpolateRecord } from './env.js';
import type { Environment } from '../shared/host.js';
import { tallyStdout, type StdoutTally } from './stray-output.js';
import { mcpNameHeader } from './mcp-name.js';

/** The last part of a child's stderr: enough to show why it failed, bounded however much it logs. */
interface StderrTail {
  text(): string;
  /** Resolves once the stream has ended (all output read), or after a short wait. */
  settled(): Promise<void>;
}

/**
 * A stdio server: its stderr, what it wrote on stdout besides messages, and what was started
 * where, to say so if it cannot be started.
 */
export interface StdioChild extends StderrTail {
  command: string;
  cwd: string;
  stdout: StdoutTally;
}

/**
 * A source whose `env` and `headers` values are final, as a server.json's are once filled in:
 * `${NAME}` in them is text the file holds, never a reference to this process's environment.
 */
interface Verbatim {
  verbatim?: boolean;
}

function values(
  source: Verbatim,
  record: Record<string, string> | undefined,
  env: Environment,
  what: string,
): Record<string, string> {
  return source.verbatim ? { ...record } : interpolateRecord(record, env, what);
}

const NO_STDERR: StderrTail = { text: () => '', settled: async () => {} };

export function stdioTransport(
  source: StdioSource & Verbatim,
  options: { cwd: string; env: Environment },
): { transport: StdioClientTransport; stderr: StdioChild } {
  const { command, args } = parseCommandLine(source.stdio, 'the stdio command');
  // The whole environment is passed on, not the SDK's short safe list: the user is running this
  // command as if from their shell, and servers read their API keys from the environment.
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = value;
  Object.assign(env, values(source, source.env, options.env, 'the stdio env variable'));
  const cwd = resolve(options.cwd, source.cwd ?? '.');
  const transport = new StdioClientTransport({
    command,
    args,
    env,
    cwd,
    // Captured rather than inherited: a server's logs would garble the progress line, and when it
    // fails its last words belong in the error message.
    stderr: 'pipe',
  });
  const stdout = tallyStdout(transport);
  const stream = transport.stderr as Readable | null;
  return { transport, stderr: { ...(stream ? tail(stream) : NO_STDERR), command, cwd, stdout } };
}

/**
 * `fetch` is the authorizer's (src/discover/auth/authorizer.ts): it adds the token and answers 401s,
 * so the SDK transports get no `authProvider` of their own.
 */
export function httpTransport(
  kind: 'streamable-http' | 'sse',
  source: HttpSource & Verbatim,
  env: Environment,
  fetch?: FetchLike,
): Transport {
  const url = new URL(source.url);
  const headers = values(source, source.headers, env, 'the header');
  // Both transports send `requestInit.headers` on every request, the SSE GET stream included.
  const requestInit: RequestInit = { headers };
  const options = { requestInit, ...(fetch ? { fetch } : {}) };
  return kind === 'sse'
    ? new SSEClientTransport(url, options)
    : new StreamableHTTPClientTransport(url, options);
}

/**
 * Streamable HTTP for the modern era. Its servers check that the headers repeat the body
 * (HTTP 400, JSON-RPC -32020 otherwise): `MCP-Protocol-Version` and `Mcp-Method` on every request
 * POST that carries the protocol-version envelope, and `Mcp-Name` where the method names one thing,
 * as the SDK v2 client derives them.
 */
export function modernHttpTransport(
  source: HttpSource & Verbatim,
  env: Environment,
  protocolVersionKey: string,
  base: FetchLike = fetch,
): Transport {
  const headers = values(source, source.headers, env, 'the header');
  const withEraHeaders: FetchLike = (url, init) => {
    const message = typeof init?.body === 'string' ? parseJson(init.body) : undefined;
    const version = (message?.params as { _meta?: Record<string, unknown> } | undefined)?._meta?.[
      protocolVersionKey
    ];
    if (typeof version !== 'string' || typeof message?.method !== 'string') return base(url, init);
    const merged = new Headers(init?.headers);
    merged.set('mcp-protocol-version', version);
    merged.set('mcp-method', message.method);
    const name = mcpNameHeader(message.method, message.params);
    if (name !== undefined) merged.set('mcp-name', name);
    return base(url, { ...init, headers: merged });
  };
  return new StreamableHTTPClientTransport(new URL(source.url), {
    requestInit: { headers },
    fetch: withEraHeaders,
  });
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const MAX_TAIL = 4000;
const MAX_LINES = 20;

function tail(stream: Readable): StderrTail {
  let text = '';
  let ended = false;
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    text = (text + chunk).slice(-MAX_TAIL);
  });
  const end = new Promise<void>((done) => {
    stream.once('end', () => {
      ended = true;
      done();
    });
    stream.once('close', done);
  });
  return {
    text: () => text.trimEnd().split('\n').slice(-MAX_LINES).join('\n'),
    settled: () =>
      ended
        ? Promise.resolve()
        : Promise.race([end, new Promise<void>((done) => setTimeout(done, 300).unref())]),
  };
}

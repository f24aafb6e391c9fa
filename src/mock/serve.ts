import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import {
  createMcpHandler,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { connectLegacy, createMockServer } from './server.js';
import type { MockState } from './state.js';

/**
 * Over stdio. A modern snapshot is served the way an SDK v2 server serves both eras (`server/discover`
 * first, `initialize` from an older client); a legacy one answers `initialize` only. stdout is the
 * protocol: nothing else is ever written there.
 */
export async function serveMockStdio(state: MockState): Promise<void> {
  if (state.base.era === 'modern') serveStdio(() => createMockServer(state), { legacy: 'serve' });
  else await connectLegacy(createMockServer(state), new StdioServerTransport());
}

/** A running HTTP mock. */
export interface HttpMock {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Streamable HTTP at `/mcp` on 127.0.0.1 (loopback only: a mock is for tests on this machine).
 * A modern snapshot is served by the SDK's per-request handler, both eras, with list changes on
 * `subscriptions/listen` streams; a legacy one by stateful sessions (`initialize` opens one, the
 * `GET` stream carries list changes), and a request outside any session is refused with a 400,
 * which a probing client reads as "no 2026-07-28 here".
 */
export async function serveMockHttp(state: MockState, port: number): Promise<HttpMock> {
  const handle = state.base.era === 'modern' ? modernHandler(state) : legacyHandler(state);
  const http = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/mcp') return void res.writeHead(404).end('not found\n');
      await send(res, await handle(toRequest(req, url)));
    })().catch((error: unknown) => {
      process.stderr.write(`mcp-codegen mock: ${(error as Error).message}\n`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const address = http.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

type WebHandler = (request: Request) => Promise<Response>;

function modernHandler(state: MockState): WebHandler {
  const handler = createMcpHandler(() => createMockServer(state, false), { legacy: 'stateless' });
  state.listeners.add(() => handler.notify.toolsChanged());
  return (request) => handler.fetch(request);
}

function legacyHandler(state: MockState): WebHandler {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  return async (request) => {
    const id = request.headers.get('mcp-session-id');
    const open = id === null ? undefined : sessions.get(id);
    if (open) return open.handleRequest(request);
    const body =
      request.method === 'POST'
        ? await request
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
    const opening = (body as { method?: unknown } | undefined)?.method === 'initialize';
    if (id !== null || !opening) {
      const message = id === null ? 'no session: send initialize first' : 'unknown session';
      return Response.json(
        { jsonrpc: '2.0', id: null, error: { code: -32000, message: `Bad Request: ${message}` } },
        { status: id === null ? 400 : 404 },
      );
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
      onsessionclosed: (sessionId) => void sessions.delete(sessionId),
    });
    await connectLegacy(createMockServer(state), transport);
    return transport.handleRequest(request, { parsedBody: body });
  };
}

function toRequest(req: IncomingMessage, url: URL): Request {
  const body =
    req.method === 'GET' || req.method === 'HEAD'
      ? undefined
      : (Readable.toWeb(req) as ReadableStream);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  return new Request(url, { method: req.method, headers, body, duplex: 'half' } as RequestInit);
}

/** A web Response onto node's, streamed: an SSE stream stays open as long as the SDK keeps it. */
async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  res.flushHeaders();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  res.end();
}

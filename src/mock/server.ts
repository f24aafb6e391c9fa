import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type Transport,
} from '@modelcontextprotocol/server';
import type { JsonObject } from '../shared/json.js';
import type { MockState } from './state.js';
import { delay, faultFor, never } from './faults.js';
import { pageOf } from './paging.js';
import { readResource } from './resources.js';

type Request = { params?: Record<string, unknown> };
type Context = { mcpReq: { id: string | number } };
type Handler = (request: Request, ctx: Context) => Promise<unknown>;
type Message = Parameters<Transport['send']>[0];

/** Per legacy-era server: the list pages it answered, by request id, to be sent as they are. */
const verbatim = new WeakMap<Server, Map<string | number, Record<string, unknown>>>();
type RawServer = {
  setRequestHandler(method: string, handler: Handler): void;
  _oninitialize(request: unknown): Promise<Record<string, unknown>>;
};

/**
 * One SDK v2 low-level `Server` (one a connection, or one an HTTP request in the stateless era,
 * which does not `listen`: its handler's bus tells the subscriptions), answering from the mock's
 * state with raw handlers, so every list goes out as the snapshot has it (see `connectLegacy`).
 * In the 2026-07-28 era the SDK's encoding is the protocol's: it drops what that revision deleted
 * (a tool's `execution`, the `tasks` capability) and stamps `resultType`.
 */
export function createMockServer(state: MockState, listens = true): Server {
  const { base } = state;
  const snapshot = base.snapshot;
  const server = new Server(snapshot.serverInfo ?? { name: 'mcp-codegen-mock', version: '0.0.0' }, {
    capabilities: state.capabilities,
    ...(snapshot.instructions !== undefined && { instructions: snapshot.instructions }),
  });
  const raw = server as unknown as RawServer;
  const on = (method: string, handler: Handler) => raw.setRequestHandler(method, handler);
  if (base.era === 'legacy') {
    // The SDK negotiates the client's version; a legacy snapshot says which one its server spoke.
    on('initialize', async (request) => ({
      ...(await raw._oninitialize(request)),
      ...(snapshot.protocolVersion !== undefined && { protocolVersion: snapshot.protocolVersion }),
    }));
    // A legacy server does not know the method, so a client that probes falls back to initialize.
    on('server/discover', () => {
      throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    });
  }
  const pages =
    base.era === 'legacy' ? new Map<string | number, Record<string, unknown>>() : undefined;
  if (pages) verbatim.set(server, pages);
  const list = (key: ListKey, items: () => readonly unknown[]) =>
    on(LIST_METHODS[key], async (request, ctx) => {
      const page = pageOf(state, key, items(), request);
      pages?.set(ctx.mcpReq.id, page);
      return page;
    });
  const lists = state.capabilities;
  if (lists.tools) {
    list('tools', () => state.catalog.snapshot.tools);
    on('tools/call', (r) => callTool(state, r.params ?? {}));
  }
  if (lists.resources) {
    list('resources', () => state.catalog.snapshot.resources);
    list('resourceTemplates', () => state.catalog.snapshot.resourceTemplates);
    on('resources/read', (r) => readResource(state, r.params ?? {}));
  }
  if (lists.prompts) list('prompts', () => state.catalog.snapshot.prompts);
  if (listens) {
    const notify = () => server.sendToolListChanged();
    state.listeners.add(notify);
    server.onclose = () => state.listeners.delete(notify);
  }
  return server;
}

const LIST_METHODS = {
  tools: 'tools/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
  prompts: 'prompts/list',
} as const;
type ListKey = keyof typeof LIST_METHODS;

/**
 * Connect a legacy-era server so that its list pages leave exactly as the snapshot has them. SDK
 * v2 serves the 2025 era by rewriting an outputSchema whose root is not `type: "object"` into a
 * `{ result }` wrapper (for its own era-blind tools); a 2025 server that listed such a schema
 * listed it as it was, and that listing is what the snapshot recorded.
 */
export async function connectLegacy(server: Server, transport: Transport): Promise<void> {
  const pages = verbatim.get(server);
  const send = transport.send.bind(transport);
  transport.send = (message: Message, options) => {
    const id = 'id' in message ? message.id : undefined;
    const page = id === undefined || id === null ? undefined : pages?.get(id);
    if (page && 'result' in message) {
      pages!.delete(id!);
      return send({ ...message, result: { ...message.result, ...page } } as Message, options);
    }
    return send(message, options);
  };
  await server.connect(transport);
}

async function callTool(state: MockState, params: Record<string, unknown>): Promise<unknown> {
  const call = ++state.calls;
  const catalog = state.catalog;
  const name = typeof params.name === 'string' ? params.name : '';
  const mock = catalog.tools.get(name);
  try {
    if (!mock) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    const fault = faultFor(state.faults, name);
    switch (fault?.kind) {
      case 'hang':
        return await never();
      case 'crash':
        // As a server that dies mid-call: no answer, the connection (or the process's port) gone.
        process.stderr.write(`mcp-codegen mock: --fault ${name}=crash: exiting\n`);
        process.exit(1);
      case 'protocol-error':
        throw new ProtocolError(ProtocolErrorCode.InternalError, `mock fault: ${name} failed`);
      case 'error':
        return codedError(fault.code, `mock fault: ${name} answered ${fault.code}`);
      case 'slow':
        await delay(fault.ms);
    }
    // Loaded on the first call: the schema libraries are not on the path to `initialize`.
    const { answerCall } = await import('./answer.js');
    return await answerCall(catalog, mock, params.arguments, state.sources, call);
  } finally {
    if (state.then && call === state.then.after) setImmediate(() => void state.switchCatalog());
  }
}

function codedError(code: string, message: string): JsonObject {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ code, message }) }] };
}

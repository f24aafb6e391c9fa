import type {
  DiscoveryEra,
  HttpSource,
  LiveSource,
  ProtocolEra,
  StdioSource,
} from '../config/types.js';
import { CodegenError, InputError } from '../shared/errors.js';
import { connect } from './connect.js';
import { DEFAULT_MAX_PAGES, DEFAULT_TIMEOUT_MS } from './defaults.js';
import { serverError } from './failure.js';
import { LISTS, paginate, type Listing } from './paginate.js';
import { reach } from './server-json/reach.js';
import type { ServerJsonProvenance } from './server-json/types.js';
import type { DiscoverProgress } from './progress.js';
import { createAuthorizer, type Authorizer } from './auth/authorizer.js';
import { authContext } from './auth/context.js';
import type { DiscoverAuth } from './auth/options.js';
import { strayWarning } from './stray-output.js';
import type { Environment } from '../shared/host.js';
import { isObject, type JsonObject } from '../shared/json.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { checkClientCapabilities } from '../config/validate-discovery.js';
import type { Attempt } from './attempt.js';

export interface DiscoverOptions {
  /** `auto` (default) uses the 2026-07-28 era when the server offers it; `legacy` or `modern` pin one. */
  era?: DiscoveryEra;
  /** Per-request timeout in milliseconds (default 30000). */
  timeoutMs?: number;
  /** Stop a list after this many pages (default 1000). */
  maxPages?: number;
  /** Relative stdio `cwd`s are resolved against this (the config's folder, or the shell's). */
  cwd: string;
  /** Where `${NAME}` in headers and env values is read from; also the stdio server's environment. */
  env: Environment;
  onProgress?: (e: DiscoverProgress) => void;
  /**
   * Told what went wrong without stopping discovery, one line each, after the progress display
   * has been cleared: lines a stdio server wrote on stdout that are not JSON-RPC (skipped).
   */
  onWarning?: (line: string) => void;
  /** Told what discovery decided that the user should know: which entry of a server.json it runs. */
  onNote?: (line: string) => void;
  /** The server's name in messages and progress; defaults to the command line or URL. */
  serverLabel?: string;
  /** For a url source: may a login be done in the browser now, and how messages say to log in. */
  auth?: DiscoverAuth;
  /**
   * The client capabilities to declare (`discovery.capabilities`; default none), checked as the
   * config checks them. Servers show some tools only to clients that declare what they need.
   */
  capabilities?: ClientCapabilities | JsonObject;
}

/**
 * Reads what a server listed, as a snapshot file would be read: `snapshot/` passes its reader in,
 * because that stage comes after this one. It throws an InputError for what it rejects.
 */
export type CatalogReader<T> = (catalog: Record<string, unknown>, server: string) => T;

/** `tools/call` on an open session: the raw result, or a ServerError naming the tool. */
export type CallTool = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** What `use` may still do on the open session. */
export interface Session {
  /** The server's name in messages and progress, as discovery reported it. */
  server: string;
  callTool: CallTool;
  /** `resources/read`: the result, or the error it came to; only the connection dying throws. */
  readResource(uri: string): Promise<Attempt>;
}

/**
 * Connect to a live server, list everything it declares (following every cursor), make of it what
 * `read` makes (the canonical snapshot), then `use` it on the same session before it is closed:
 * UI resources are read there, and `mcp-codegen sample` decides from the listed annotations what it
 * may call, then calls. Any failure to reach the server or to understand it is a ServerError naming
 * the server, the method and the page; the connection is closed (the child process stopped)
 * whatever happens.
 */
export async function useCatalog<T, R>(
  source: LiveSource,
  options: DiscoverOptions,
  read: CatalogReader<T>,
  use: (catalog: T, session: Session) => Promise<R>,
): Promise<R> {
  const clientCapabilities = (options.capabilities ?? {}) as JsonObject;
  checkClientCapabilities(clientCapabilities, 'discovery capabilities', '');
  const timeoutMs = positiveInteger(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const maxPages = positiveInteger(options.maxPages ?? DEFAULT_MAX_PAGES, 'maxPages');
  const era = eraOption(options.era);
  // A server.json becomes a command line or a URL here (its HTTP package started first).
  const reached = await reach(source, { ...options, timeoutMs });
  try {
    const server = options.serverLabel ?? reached.label ?? labelOf(reached.source);
    const found = {
      era,
      timeoutMs,
      maxPages,
      server,
      clientCapabilities,
      provenance: reached.provenance,
    };
    return await listAndUse(reached.source, options, found, read, use);
  } finally {
    await reached.stop();
  }
}

async function listAndUse<T, R>(
  source: StdioSource | HttpSource,
  options: DiscoverOptions,
  found: {
    era: DiscoveryEra;
    timeoutMs: number;
    maxPages: number;
    server: string;
    clientCapabilities: JsonObject;
    provenance: ServerJsonProvenance | undefined;
  },
  read: CatalogReader<T>,
  use: (catalog: T, session: Session) => Promise<R>,
): Promise<R> {
  const { era, timeoutMs, maxPages, server, clientCapabilities } = found;
  const report = options.onProgress ?? (() => {});
  let connection;
  let authorizer: Authorizer | undefined;
  try {
    // Before the first request and outside its timeout: a browser login may take minutes.
    authorizer =
      'url' in source
        ? createAuthorizer(source, authContext(server, options.env, options.cwd, options.auth))
        : undefined;
    await authorizer?.prepare();
    connection = await connect(source, {
      server,
      timeoutMs,
      cwd: options.cwd,
      env: options.env,
      report,
      era,
      ...(authorizer ? { fetch: authorizer.fetch } : {}),
      capabilities: clientCapabilities,
    });
  } catch (error) {
    report({ type: 'failed', server });
    throw authorizer?.failure ?? error;
  }
  try {
    const init = connection.hello;
    const capabilities = isObject(init.capabilities) ? init.capabilities : {};
    const lists: Partial<Record<(typeof LISTS)[number]['key'], Listing>> = {};
    for (const spec of LISTS) {
      // Only what the server declared: calling an undeclared method is an error on many servers.
      if (!capabilities[spec.capability]) continue;
      const listing = await paginate(spec, {
        server,
        maxPages,
        fetchPage: (cursor, page) =>
          connection.request(spec.method, cursor === undefined ? {} : { cursor }, {
            server,
            method: spec.method,
            page,
          }),
        onPage: (page, items) => report({ type: 'page', server, method: spec.method, page, items }),
      });
      lists[spec.key] = listing;
      report({
        type: 'list-done',
        server,
        method: spec.method,
        pages: listing.pages,
        items: listing.items.length,
      });
    }
    // Recorded only when there is something to say: a snapshot of an anonymous client stays version 1.
    const notSent = connection.clientCapabilitiesNotSent;
    const client = {
      ...(Object.keys(clientCapabilities).length > 0 && { clientCapabilities }),
      ...(notSent.length > 0 && { clientCapabilitiesNotSent: notSent }),
      ...(found.provenance && { provenance: found.provenance }),
    };
    const snapshot = toSnapshot(init, connection.era, client, lists, server, read);
    const used = await use(snapshot, {
      server,
      callTool: (name, args) =>
        connection.request(
          'tools/call',
          { name, arguments: args },
          { server, method: `tools/call ${JSON.stringify(name)}` },
        ),
      readResource: (uri) =>
        connection.attempt(
          'resources/read',
          { uri },
          { server, method: `resources/read ${JSON.stringify(uri)}` },
        ),
    });
    await connection.close(false);
    report({ type: 'done', server });
    const stray = connection.stdout && strayWarning(server, connection.stdout);
    if (stray) options.onWarning?.(stray);
    return used;
  } catch (error) {
    await connection.close(true);
    report({ type: 'failed', server });
    throw authorizer?.failure ?? error;
  }
}

/**
 * The lists go through the same reader as a snapshot file, so a discovered snapshot and a read
 * one are the same thing. What that reader rejects (a tool whose inputSchema is not an object)
 * is the server's fault here, so it becomes a ServerError pointing at the page it came from.
 */
function toSnapshot<T>(
  init: Record<string, unknown>,
  era: ProtocolEra,
  client: {
    clientCapabilities?: JsonObject;
    clientCapabilitiesNotSent?: string[];
    provenance?: ServerJsonProvenance;
  },
  lists: Partial<Record<string, Listing>>,
  server: string,
  read: CatalogReader<T>,
): T {
  const raw = {
    protocolVersion: init.protocolVersion,
    era,
    serverInfo: init.serverInfo,
    capabilities: init.capabilities,
    ...client,
    instructions: init.instructions,
    tools: lists.tools?.items ?? [],
    resources: lists.resources?.items ?? [],
    resourceTemplates: lists.resourceTemplates?.items ?? [],
    prompts: lists.prompts?.items ?? [],
  };
  try {
    return read(raw, server);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const match = /^\/(tools|resources|resourceTemplates|prompts)\/(\d+)(.*)$/.exec(error.pointer);
    const spec = match ? LISTS.find((l) => l.key === match[1]) : undefined;
    const problem = error.message.slice(error.message.indexOf(': ', server.length) + 2);
    if (match && spec) {
      const index = Number(match[2]);
      const page = lists[spec.key]?.pageOf[index];
      const id = lists[spec.key]?.items[index]?.[spec.id];
      return throwing(
        serverError(
          { server, method: spec.method, page },
          `${spec.what} ${JSON.stringify(id)}${match[3] ? ` at ${match[3]}` : ''}: ${problem}`,
          {
            hint: "the server sent a malformed listing; report it to the server's authors",
          },
        ),
      );
    }
    const hello = era === 'modern' ? 'server/discover' : 'initialize';
    return throwing(
      serverError({ server, method: hello }, `${error.pointer || 'the result'}: ${problem}`, {
        hint: `the server sent a malformed ${hello} result`,
      }),
    );
  }
}

function throwing(error: Error): never {
  throw error;
}

/** The command line or the URL without its query (which may carry a key). */
function labelOf(source: StdioSource | HttpSource): string {
  if ('stdio' in source)
    return typeof source.stdio === 'string' ? source.stdio.trim() : source.stdio.join(' ');
  try {
    const url = new URL(source.url);
    return `${url.origin}${url.pathname}`;
  } catch {
    return source.url;
  }
}

function eraOption(value: DiscoveryEra | undefined): DiscoveryEra {
  if (value === undefined || value === 'auto' || value === 'legacy' || value === 'modern')
    return value ?? 'auto';
  throw new CodegenError(
    `discovery era must be "auto", "legacy" or "modern", got ${JSON.stringify(value)}`,
  );
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value <= 0) {
    throw new CodegenError(`discovery ${name} must be a positive whole number, got ${value}`);
  }
  return value;
}

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { LiveSource } from '../config/types.js';
import type { Environment } from '../shared/host.js';
import type { JsonObject } from '../shared/json.js';
import { CLIENT_VERSION } from './legacy.js';
import { createAuthorizer } from './auth/authorizer.js';
import { authContext } from './auth/context.js';
import type { DiscoverAuth } from './auth/options.js';
import { label } from './auth/store.js';
import { refuse } from './refusals.js';
import { planServerJson } from './server-json/resolve.js';
import { httpTransport, stdioTransport } from './transport.js';

/** What a listening session reports: a list that changed, the server going away, and coming back. */
export interface ListenEvents {
  changed(list: 'tools' | 'resources' | 'prompts'): void;
  /** `everUp`: whether a session was ever open (else the first connection failed). */
  lost(reason: string, everUp: boolean): void;
  back(): void;
}

export interface ListenOptions {
  cwd: string;
  env: Environment;
  timeoutMs: number;
  /** The client capabilities to declare, as discovery declares them: a server may list and notify by them. */
  capabilities?: JsonObject;
  /** First wait before reconnecting; doubled after each failed attempt, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** The server's name in authentication messages. */
  server?: string;
  /** A url source's authentication, as for discovery (a session is never a browser login: not interactive). */
  auth?: DiscoverAuth;
}

/** A session kept open for a server's `list_changed` notifications. */
export interface Listener {
  close(): Promise<void>;
}

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/**
 * Opens a session (initialize, as every 2025 client does: notifications need a session) and keeps
 * it open. When the server goes away, `lost` is called once, and the session is reopened with
 * backoff until it answers again (`back`) or `close` is called. It never lists anything itself:
 * whoever listens regenerates through discovery, so a notification only says when.
 */
export function listen(source: LiveSource, options: ListenOptions, events: ListenEvents): Listener {
  let closed = false;
  let client: Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let backoff = options.backoffMs ?? FIRST_BACKOFF_MS;
  let wasUp = false;
  let lostSaid = false;

  const retry = (reason: string) => {
    if (closed) return;
    if (!lostSaid) {
      lostSaid = true;
      events.lost(reason, wasUp);
    }
    timer = setTimeout(() => void open(), backoff);
    backoff = Math.min(backoff * 2, options.maxBackoffMs ?? MAX_BACKOFF_MS);
  };

  const open = async () => {
    if (closed) return;
    const next = new Client(
      { name: 'mcp-codegen', version: CLIENT_VERSION },
      { capabilities: options.capabilities ?? {} },
    );
    // A server that asks this session something (roots, an elicitation) is answered at once.
    next.fallbackRequestHandler = refuse;
    next.setNotificationHandler(ToolListChangedNotificationSchema, () => events.changed('tools'));
    next.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
      events.changed('resources'),
    );
    next.setNotificationHandler(PromptListChangedNotificationSchema, () =>
      events.changed('prompts'),
    );
    let up = false;
    client = next;
    next.onclose = () => {
      if (up && !closed) {
        client = undefined;
        retry('the connection closed');
      }
    };
    try {
      await withTimeout(next.connect(await transportFor(source, options)), options.timeoutMs);
    } catch (error) {
      client = undefined;
      await next.close().catch(() => {});
      retry(error instanceof Error ? error.message : String(error));
      return;
    }
    if (closed) {
      await next.close().catch(() => {});
      return;
    }
    up = true;
    backoff = options.backoffMs ?? FIRST_BACKOFF_MS;
    if (wasUp || lostSaid) events.back();
    wasUp = true;
    lostSaid = false;
  };

  void open();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      // Also a session still connecting: closing it ends the wait for its answer.
      await client?.close().catch(() => {});
    },
  };
}

/** A new session's transport; over HTTP with a new authorizer, so a token command runs again. */
async function transportFor(source: LiveSource, options: ListenOptions): Promise<Transport> {
  if ('serverJson' in source) {
    // Planned again on each connection: the file (or the environment) may have changed since.
    const plan = await planServerJson(source, options);
    if (plan.launch)
      throw new Error(
        'the server.json entry is a package reached over HTTP, started only for discovery: its list_changed notifications are not watched',
      );
    source = plan.target;
  }
  if ('stdio' in source) return stdioTransport(source, options).transport;
  const context = authContext(options.server ?? label(source.url), options.env, options.cwd, {
    ...options.auth,
    interactive: false,
  });
  const authorizer = createAuthorizer(source, context);
  await authorizer.prepare();
  const kind = source.transport === 'sse' ? 'sse' : 'streamable-http';
  return httpTransport(kind, source, options.env, authorizer.fetch);
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

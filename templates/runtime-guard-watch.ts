/**
 * mcp-codegen runtime: how the catalog guard hears `notifications/tools/list_changed`. It is observed
 * on the transport (its `onmessage`, wrapped after the SDK's), once per transport for every guard of
 * it: no notification handler of the SDK client is set or replaced, so a handler the user set (before
 * or after) keeps running. In the 2026-07-28 era a server sends it only on a `subscriptions/listen`
 * stream: the guard opens one, for `tools` only, through the SDK (v2's `client.listen`; SDK v1 speaks
 * only the 2025 era, where the notification comes unasked), and closes it when the transport closes.
 */
import type { McpClientLike } from './runtime-protocol.js';

/** What is told of a `list_changed` that arrived on `transport`: a guard. */
export interface ListChangedSink {
  listChanged(transport: unknown): void;
}

interface TransportLike {
  onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
  onclose?: (() => void) | undefined;
}

/** What the guard uses of SDK v2's `McpSubscription`. */
interface Subscription {
  readonly honoredFilter?: { toolsListChanged?: boolean };
  close(): Promise<void>;
}

/** What the guard uses of an SDK v2 client in the 2026-07-28 era. */
interface ListeningClient {
  getProtocolEra?: () => string | undefined;
  listen?: (filter: { toolsListChanged: true }) => Promise<Subscription>;
  readonly autoOpenedSubscription?: Subscription | undefined;
}

const LIST_CHANGED = 'notifications/tools/list_changed';

/** Per transport: the guards that watch it (weakly: a transport outliving its guards keeps none alive), and its listen stream once open. */
interface Watched {
  guards: Set<WeakRef<ListChangedSink>>;
  listening: Promise<void>;
}
const watchers = new WeakMap<object, Watched>();

/** The SDK client's current transport: SDK v1 and v2 clear it on close and set a new one on `connect`. */
export function transportOf(client: McpClientLike): unknown {
  return (client as { transport?: unknown }).transport;
}

/**
 * Observe `list_changed` on the client's transport for `guard` (wrapped once, for every guard of it),
 * when the server declared it; in the 2026-07-28 era, once the listen stream is acknowledged, so that
 * a listing made after this resolves misses no change.
 */
export function watchListChanged(client: McpClientLike, guard: ListChangedSink): Promise<void> {
  const transport = transportOf(client) as TransportLike | undefined;
  if (transport === undefined) return Promise.resolve();
  const capabilities = (
    client as {
      getServerCapabilities?: () => { tools?: { listChanged?: boolean } } | undefined;
    }
  ).getServerCapabilities?.();
  if (capabilities?.tools?.listChanged !== true) return Promise.resolve();
  let watched = watchers.get(transport);
  if (watched === undefined) {
    const own: Watched = { guards: new Set(), listening: listen(client, transport) };
    watched = own;
    watchers.set(transport, own);
    const inner = transport.onmessage;
    transport.onmessage = function (this: unknown, message: unknown, extra?: unknown) {
      if (isListChanged(message)) {
        for (const ref of own.guards) {
          const watching = ref.deref();
          if (watching === undefined) own.guards.delete(ref);
          else watching.listChanged(transport);
        }
      }
      return inner?.call(this, message, extra);
    };
  }
  if (![...watched.guards].some((ref) => ref.deref() === guard))
    watched.guards.add(new WeakRef(guard));
  return watched.listening;
}

/**
 * In the 2026-07-28 era, a `subscriptions/listen` stream for `tools`, closed with the transport;
 * none where the client's own `listChanged` option already holds one for tools. A server that
 * refuses the stream leaves the guard as it is without one: it re-lists on `verify()` and after a
 * reconnect.
 */
async function listen(client: McpClientLike, transport: TransportLike): Promise<void> {
  const modern = client as ListeningClient;
  if (modern.getProtocolEra?.() !== 'modern' || typeof modern.listen !== 'function') return;
  if (modern.autoOpenedSubscription?.honoredFilter?.toolsListChanged === true) return;
  let subscription: Subscription;
  try {
    subscription = await modern.listen({ toolsListChanged: true });
  } catch {
    return;
  }
  const close = () => void subscription.close().catch(() => undefined);
  const inner = transport.onclose;
  transport.onclose = function (this: unknown) {
    close();
    return inner?.call(this);
  };
}

function isListChanged(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { method?: unknown }).method === LIST_CHANGED &&
    !('id' in message)
  );
}

// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.
/**
 * mcp-codegen runtime: how the catalog guard hears `notifications/tools/list_changed`. It is observed
 * on the transport (its `onmessage`, wrapped after the SDK's), once per transport for every guard of
 * it: no notification handler of the SDK client is set or replaced, so a handler the user set (before
 * or after) keeps running.
 */
import type { McpClientLike } from './runtime-protocol.js';

/** What is told of a `list_changed` that arrived on `transport`: a guard. */
export interface ListChangedSink {
  listChanged(transport: unknown): void;
}

interface TransportLike {
  onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
}

const LIST_CHANGED = 'notifications/tools/list_changed';

/** Per transport, the guards that watch it (weakly: a transport outliving its guards keeps none alive). */
const watchers = new WeakMap<object, Set<WeakRef<ListChangedSink>>>();

/** The SDK client's current transport: SDK v1 and v2 clear it on close and set a new one on `connect`. */
export function transportOf(client: McpClientLike): unknown {
  return (client as { transport?: unknown }).transport;
}

/** Observe `list_changed` on the client's transport for `guard` (wrapped once, for every guard of it), when the server declared it. */
export function watchListChanged(client: McpClientLike, guard: ListChangedSink): void {
  const transport = transportOf(client) as TransportLike | undefined;
  if (transport === undefined) return;
  const capabilities = (
    client as {
      getServerCapabilities?: () => { tools?: { listChanged?: boolean } } | undefined;
    }
  ).getServerCapabilities?.();
  if (capabilities?.tools?.listChanged !== true) return;
  let guards = watchers.get(transport);
  if (guards === undefined) {
    const own = new Set<WeakRef<ListChangedSink>>();
    guards = own;
    watchers.set(transport, own);
    const inner = transport.onmessage;
    transport.onmessage = function (this: unknown, message: unknown, extra?: unknown) {
      if (isListChanged(message)) {
        for (const ref of own) {
          const watching = ref.deref();
          if (watching === undefined) own.delete(ref);
          else watching.listChanged(transport);
        }
      }
      return inner?.call(this, message, extra);
    };
  }
  if (![...guards].some((ref) => ref.deref() === guard)) guards.add(new WeakRef(guard));
}

function isListChanged(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { method?: unknown }).method === LIST_CHANGED &&
    !('id' in message)
  );
}

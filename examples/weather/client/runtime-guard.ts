// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.
/**
 * mcp-codegen runtime: the catalog guard. A typed client is a promise that the server still serves
 * the catalog it was generated from; the guard lists the live tools (every page), compares each with
 * the fingerprint emitted at generation time, and, in `block` mode, refuses a call to a tool that
 * was removed or changed before anything is sent. Every other tool keeps working.
 *
 * - Lazy: nothing is listed until the first guarded call or `verify()`; `off` never lists by itself.
 * - `notifications/tools/list_changed` (only when the server declared `tools.listChanged`) marks the
 *   catalog stale; one re-list follows a burst, `debounceMs` after its last notification, and calls
 *   made meanwhile wait for it. How it is heard: runtime-guard-watch.ts.
 * - Reconnect: when `client.transport` is not the one last seen (SDK v1 and v2 clear it on close and
 *   set a new one on `connect`), everything known about the live catalog is forgotten.
 * - In the 2026-07-28 (modern) era a server sends `list_changed` only on a `subscriptions/listen`
 *   stream: with a mode set, the guard opens one for `tools` (runtime-guard-watch.ts) before it lists.
 */
import {
  compareCatalogs,
  fingerprintTool,
  unpackFingerprint,
  type CatalogChange,
  type ToolFingerprint,
} from './runtime-fingerprint.js';
import {
  CatalogGuardError,
  type CatalogMonitor,
  type GuardError,
  type GuardMode,
  type GuardOptions,
  type GuardedClient,
} from './runtime-guard-types.js';
import { transportOf, watchListChanged } from './runtime-guard-watch.js';
import type { McpClientLike } from './runtime-protocol.js';

interface ListedTools {
  tools?: readonly unknown[];
  nextCursor?: string | undefined;
}
type Lister = (params?: { cursor?: string }) => PromiseLike<ListedTools>;
type Verdict = GuardError | undefined;

const GUARD = /* @__PURE__ */ Symbol.for('mcp-codegen.catalog-guard');
const MAX_PAGES = 10_000;

/** The guard of a guarded client, when it is one (any copy of this runtime: the key is a registered symbol). */
export function guardOf(client: McpClientLike): CatalogGuard | undefined {
  return (client as { [GUARD]?: CatalogGuard })[GUARD];
}

export class CatalogGuard implements CatalogMonitor {
  readonly mode: GuardMode;
  /** The client calls are sent to. */
  readonly client: McpClientLike;
  readonly #expected: ReadonlyMap<string, ToolFingerprint>;
  readonly #options: GuardOptions;
  readonly #listeners = new Set<(change: CatalogChange) => void>();
  /** Refusals by tool name, once verified; undefined until then (and after a reconnect). */
  #verdicts: Map<string, GuardError> | undefined;
  /** The live catalog last seen, for change events. */
  #lastSeen: ReadonlyMap<string, ToolFingerprint>;
  #verifying: Promise<CatalogChange> | undefined;
  /** Set from the first `list_changed` of a burst until its re-list is done. */
  #stale: { done: Promise<unknown>; resolve: () => void } | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #transport: unknown;
  #warned = new Set<string>();

  constructor(
    client: McpClientLike,
    expected: readonly ToolFingerprint[],
    options: GuardOptions = {},
  ) {
    this.client = client;
    this.mode = options.mode ?? 'off';
    this.#options = options;
    this.#expected = new Map(expected.map((t) => [t.name, t]));
    this.#lastSeen = this.#expected;
    this.#transport = transportOf(client);
  }

  verify(): Promise<CatalogChange> {
    this.#noticeReconnect();
    this.#verifying ??= this.#list().finally(() => {
      this.#verifying = undefined;
    });
    return this.#verifying;
  }

  onChange(listener: (change: CatalogChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get liveTools(): readonly string[] {
    return [...this.#lastSeen.keys()];
  }

  /** Why a call to `tool` must not be sent (`block`), or nothing; a promise only while the catalog is being listed. */
  check(tool: string): Verdict | Promise<Verdict> {
    if (this.mode === 'off') return undefined;
    this.#noticeReconnect();
    if (this.#verdicts !== undefined && this.#stale === undefined) return this.#decide(tool);
    const decided = (this.#stale?.done ?? this.verify())
      .then(() => (this.#verdicts === undefined ? this.verify() : undefined))
      .then(() => this.#decide(tool));
    // A listing that failed (the server refused tools/list, the connection dropped) fails a guarded
    // call in `block`; in `warn` the call goes on, and the next call lists again.
    return this.mode === 'warn' ? decided.catch(() => undefined) : decided;
  }

  #decide(tool: string): Verdict {
    const verdict = this.#verdicts?.get(tool);
    if (verdict === undefined || this.mode === 'block') return verdict;
    if (!this.#warned.has(tool)) {
      this.#warned.add(tool);
      (
        this.#options.onWarning ??
        ((w: GuardError) => console.warn(`mcp-codegen guard: ${w.message}`))
      )(verdict);
    }
    return undefined;
  }

  async #list(): Promise<CatalogChange> {
    const list = (this.client as { listTools?: Lister }).listTools;
    if (typeof list !== 'function')
      throw new TypeError(
        'cannot verify the catalog: the client passed to the generated SDK has no listTools(params) method',
      );
    if (this.mode !== 'off') await watchListChanged(this.client, this);
    const transport = this.#transport;
    const live = new Map<string, ToolFingerprint>();
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await list.call(this.client, cursor === undefined ? {} : { cursor });
      for (const tool of Array.isArray(result?.tools) ? result.tools : []) {
        if (isNamed(tool)) live.set(tool.name, await fingerprintTool(tool));
      }
      cursor = typeof result?.nextCursor === 'string' ? result.nextCursor : undefined;
      // A server repeating a cursor would loop forever: stop at the first repeat.
      if (cursor === undefined || seen.has(cursor)) break;
      seen.add(cursor);
    }
    const change = compareCatalogs(this.#expected, live);
    // Listed on a connection that has since been replaced: what it saw says nothing about the new one.
    if (transport !== transportOf(this.client)) return change;
    const verdicts = new Map<string, GuardError>();
    for (const tool of change.removed)
      verdicts.set(tool, {
        tool,
        code: '$unavailable',
        message: `${tool} is not in the server's tool list any more; nothing was sent`,
        details: undefined,
      });
    for (const { tool, fields } of change.changed)
      verdicts.set(tool, {
        tool,
        code: '$changed',
        message: `${tool} changed on the server since the client was generated (${fields.join(', ')}); nothing was sent`,
        details: { fields },
      });
    this.#verdicts = verdicts;
    this.#warned = new Set();
    const since = compareCatalogs(this.#lastSeen, live);
    this.#lastSeen = live;
    if (since.added.length + since.removed.length + since.changed.length > 0) {
      for (const listener of [...this.#listeners]) listener(since);
    }
    return change;
  }

  #noticeReconnect(): void {
    const transport = transportOf(this.client);
    if (transport === this.#transport) return;
    this.#transport = transport;
    this.#verdicts = undefined;
    this.#lastSeen = this.#expected;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#stale?.resolve();
    this.#stale = undefined;
  }

  /** @internal A `list_changed` arrived on `transport`: re-list once the burst is over. */
  listChanged(transport: unknown): void {
    if (transport !== transportOf(this.client)) return;
    if (this.#stale === undefined) {
      let resolve = () => {};
      const done = new Promise<void>((r) => (resolve = r));
      this.#stale = { done, resolve };
    }
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const stale = this.#stale;
      this.#verdicts = undefined;
      const settle = () => {
        // A notification during the re-list set a new timer: the catalog stays stale until that one lists.
        if (this.#timer !== undefined || this.#stale !== stale) return;
        this.#stale = undefined;
        stale?.resolve();
      };
      this.verify().then(settle, settle);
    }, this.#options.debounceMs ?? 100);
  }
}

function isNamed(tool: unknown): tool is { name: string; [key: string]: unknown } {
  return (
    typeof tool === 'object' &&
    tool !== null &&
    typeof (tool as { name?: unknown }).name === 'string'
  );
}

/**
 * `client`, guarded against `expected` (what generated code passes: the catalog it was generated
 * from, one packed fingerprint a tool, see `unpackFingerprint`). A client that is already guarded is
 * returned as it is when no mode is asked for, so the class and the functions can share one guard. The result is the client itself behind a proxy: every
 * member works as before; `callTool` is checked first; `catalog` is the guard.
 */
export function guardWith(
  client: McpClientLike,
  expected: readonly string[],
  options: GuardOptions = {},
): GuardedClient {
  const existing = guardOf(client);
  if (existing !== undefined && options.mode === undefined) return client as GuardedClient;
  const inner = existing?.client ?? client;
  const guard = new CatalogGuard(inner, expected.map(unpackFingerprint), options);
  const callTool = async (params: { name: string }, ...rest: unknown[]) => {
    const verdict = await guard.check(params.name);
    if (verdict !== undefined) throw new CatalogGuardError(verdict);
    return (inner.callTool as (...args: unknown[]) => PromiseLike<unknown>).call(
      inner,
      params,
      ...rest,
    );
  };
  return new Proxy(inner, {
    get(target, key) {
      if (key === GUARD || key === 'catalog') return guard;
      if (key === 'callTool') return callTool;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (target, key) => key === GUARD || key === 'catalog' || Reflect.has(target, key),
  }) as GuardedClient;
}

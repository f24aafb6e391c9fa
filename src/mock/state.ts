import type { JsonObject } from '../shared/json.js';
import type { AnswerSources } from './answer.js';
import type { MockCatalog } from './catalog.js';
import type { Fault } from './faults.js';

/** What every connection of one mock process shares. */
export interface MockState {
  /** The first catalog: its era, server info and capabilities hold for the life of the process. */
  readonly base: MockCatalog;
  /** The catalog served now (`--then`'s after `--after` calls). */
  catalog: MockCatalog;
  readonly capabilities: JsonObject;
  readonly then: { readonly catalog: MockCatalog; readonly after: number } | undefined;
  readonly pageSize: number | undefined;
  readonly faults: ReadonlyMap<string, Fault>;
  readonly sources: AnswerSources;
  /** tools/call requests received. */
  calls: number;
  /** Who sends `notifications/tools/list_changed`: each live connection's server, or the HTTP handler's bus. */
  readonly listeners: Set<() => Promise<void> | void>;
  /** Serve `then`'s catalog and send `notifications/tools/list_changed` (set by the transport). */
  switchCatalog(): Promise<void>;
}

export interface MockOptions {
  readonly then?: { readonly catalog: MockCatalog; readonly after: number };
  readonly pageSize?: number;
  readonly faults: ReadonlyMap<string, Fault>;
  readonly sources: AnswerSources;
}

/**
 * The state for a catalog. With `then`, the tools capability says `listChanged: true`: a client
 * only listens for a change the server declares it may send.
 */
export function mockState(base: MockCatalog, options: MockOptions): MockState {
  const tools = base.capabilities.tools;
  const capabilities: JsonObject =
    options.then && typeof tools === 'object' && tools !== null && !Array.isArray(tools)
      ? { ...base.capabilities, tools: { ...tools, listChanged: true } }
      : base.capabilities;
  const state: MockState = {
    base,
    catalog: base,
    capabilities,
    then: options.then,
    pageSize: options.pageSize,
    faults: options.faults,
    sources: options.sources,
    calls: 0,
    listeners: new Set(),
    async switchCatalog() {
      if (!state.then || state.catalog === state.then.catalog) return;
      state.catalog = state.then.catalog;
      // A connection that went away meanwhile cannot be told; the others still are.
      await Promise.all(
        [...state.listeners].map(async (notify) => {
          try {
            await notify();
          } catch {
            // gone
          }
        }),
      );
    },
  };
  return state;
}

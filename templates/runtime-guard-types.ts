/**
 * mcp-codegen runtime: what the catalog guard promises its callers: its modes, the codes it refuses a
 * call with, the error it reports, its options and the monitor a client exposes as `catalog`. Types
 * and one error class, below the guard itself (runtime-guard.ts) and the result types
 * (runtime-result.ts), which both name them.
 */
import type { CatalogField } from './runtime-canonical.js';
import type { CatalogChange } from './runtime-fingerprint.js';
import type { McpClientLike } from './runtime-protocol.js';

/** `off`: no listing, no cost; `warn`: calls go through and changes are reported; `block`: changed or removed tools are refused. */
export type GuardMode = 'off' | 'warn' | 'block';

/** The codes a guard refuses a call with: the tool is absent from the live list, or its definition changed. */
export const GuardErrorCode = {
  Unavailable: '$unavailable',
  Changed: '$changed',
} as const;

/** A call the guard refused (`block`) or let through with a warning (`warn`); `ok: false` results carry it as `error`. */
export type GuardError =
  | {
      tool: string;
      code: '$unavailable';
      message: string;
      details: undefined;
      serverCode?: undefined;
      retryable?: undefined;
      issues?: undefined;
    }
  | {
      tool: string;
      code: '$changed';
      message: string;
      details: { fields: CatalogField[] };
      serverCode?: undefined;
      retryable?: undefined;
      issues?: undefined;
    };

export interface GuardOptions {
  /** Default `off`. */
  mode?: GuardMode | undefined;
  /** In `warn` mode, called once per tool and catalog version when a changed or removed tool is called (default: `console.warn`). */
  onWarning?: ((warning: GuardError) => void) | undefined;
  /** How long after the last `list_changed` of a burst the catalog is listed again (default 100 ms). */
  debounceMs?: number | undefined;
}

/** What the generated class exposes as `client.catalog`, and a guarded client as `.catalog`. */
export interface CatalogMonitor {
  readonly mode: GuardMode;
  /** Lists the live tools (every page) and compares them with what the client was generated from. */
  verify(): Promise<CatalogChange>;
  /** Called with the difference each time the live catalog differs from the last one seen; returns an unsubscribe function. */
  onChange(listener: (change: CatalogChange) => void): () => void;
  /** The names of the tools the server listed last; before the first listing (and after a reconnect), the ones the client was generated from. */
  readonly liveTools: readonly string[];
}

/** An `McpClientLike` that the per-tool functions and the class accept, guarded. */
export interface GuardedClient extends McpClientLike {
  readonly catalog: CatalogMonitor;
}

/** Thrown by a guarded client's own `callTool` (called directly, not through a generated function) when `block` refuses the call. */
export class CatalogGuardError extends Error {
  readonly error: GuardError;
  constructor(error: GuardError) {
    super(error.message);
    this.name = 'CatalogGuardError';
    this.error = error;
  }
}

import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { refusalFor } from './refusals.js';

/**
 * Plain JSON-RPC requests over a started v1 transport, without the v1 `Client`: the modern era has
 * no `initialize`, and the v1 `Client` cannot be connected without one. Errors are the v1 SDK's
 * `McpError`s (a server's JSON-RPC error keeps its code; timeouts and closes use the SDK's codes) so
 * `toServerError` words them exactly as it words legacy failures.
 */
export interface Channel {
  request(method: string, params: Record<string, unknown>, timeoutMs: number): Promise<unknown>;
  /** Called when the transport closes or fails: every pending request is rejected with `error`. */
  abort(error: Error): void;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Takes over `transport.onmessage`. Ids are strings of our own (`mcp-codegen-1`…), so a server
 * request or a late answer to something else is never mistaken for one of ours; a server request
 * gets its refusal.
 */
export function openChannel(transport: Transport): Channel {
  const pending = new Map<string, Pending>();
  let next = 0;
  let dead: Error | undefined;
  transport.onmessage = (message) => {
    const m = message as {
      id?: unknown;
      method?: unknown;
      result?: unknown;
      error?: { code?: unknown; message?: unknown; data?: unknown };
    };
    if (typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')) {
      // A request from the server: answered at once, never left waiting (see refusals.ts).
      const answer = refusalFor(m.method);
      transport.send({ jsonrpc: '2.0', id: m.id, ...answer } as JSONRPCMessage).catch(() => {});
      return;
    }
    if (typeof m.id !== 'string' || !('result' in m || 'error' in m)) return;
    const waiting = pending.get(m.id);
    if (!waiting) return;
    pending.delete(m.id);
    clearTimeout(waiting.timer);
    if (m.error !== undefined) {
      const code = typeof m.error?.code === 'number' ? m.error.code : ErrorCode.InternalError;
      const text =
        typeof m.error?.message === 'string' ? m.error.message : 'error without a message';
      waiting.reject(new McpError(code, text, m.error?.data));
    } else {
      waiting.resolve(m.result);
    }
  };
  const abort = (error: Error) => {
    dead ??= error;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
  };
  return {
    abort,
    request(method, params, timeoutMs) {
      if (dead) return Promise.reject(dead);
      const id = `mcp-codegen-${++next}`;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new McpError(ErrorCode.RequestTimeout, 'Request timed out'));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        transport.send({ jsonrpc: '2.0', id, method, params }).catch((error: unknown) => {
          if (!pending.delete(id)) return;
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      });
    },
  };
}

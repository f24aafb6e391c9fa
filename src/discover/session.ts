import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ProtocolEra } from '../config/types.js';
import { toServerError, type TransportState, type Where } from './failure.js';
import type { DiscoverProgress, TransportKind } from './progress.js';
import { countStray, type StdoutTally } from './stray-output.js';
import type { StdioChild } from './transport.js';
import type { Environment } from '../shared/host.js';
import type { JsonObject } from '../shared/json.js';
import type { Attempt } from './attempt.js';

export interface ConnectOptions {
  server: string;
  timeoutMs: number;
  cwd: string;
  env: Environment;
  report: (e: DiscoverProgress) => void;
  /** For a url source: the authorizer's fetch (tokens added, 401s answered). */
  fetch?: FetchLike;
  /** The client capabilities to declare (validated: `checkClientCapabilities`). */
  capabilities: JsonObject;
}

/** A session with a server in either era, ready for list requests. */
export interface Connection {
  transport: TransportKind;
  era: ProtocolEra;
  /**
   * What the server said about itself, in the initialize result's shape whatever the era:
   * `protocolVersion`, `serverInfo`, `capabilities`, `instructions` (and whatever else it sent).
   */
  hello: Record<string, unknown>;
  /** Send one request; any failure comes back as a ServerError located by `where`. */
  request(method: string, params: Record<string, unknown>, where: Where): Promise<unknown>;
  /**
   * Send one request whose failure does not end discovery (a UI resource that cannot be read): a
   * JSON-RPC error, a timeout or a refused HTTP request comes back as `error`, and the session stays
   * open. Only the connection dying is still a ServerError.
   */
  attempt(method: string, params: Record<string, unknown>, where: Where): Promise<Attempt>;
  /** Top-level keys of the declared capabilities the era had no place for (`tasks` in 2026-07-28). */
  clientCapabilitiesNotSent: string[];
  /** Close the session. `force` kills a stdio server at once instead of letting it exit on its own. */
  close(force: boolean): Promise<void>;
  /** Over stdio: the lines on stdout that were not messages, for the warning of a discovery that went through. */
  stdout?: StdoutTally;
}

/** The failure plumbing both eras share: what the transport knows, and how a session ends. */
export interface Watch {
  state: TransportState;
  /** Rejects when the connection dies under a pending request, so it fails at once with the real reason. */
  dead: Promise<never>;
  isClosing(): boolean;
  close(force: boolean): Promise<void>;
  /** Close at once and throw `error` as a ServerError located by `where`. */
  fail(error: unknown, where: Where): Promise<never>;
}

/**
 * Installs `onclose`/`onerror` on the transport (before anything starts it: the v1 SDK's Protocol
 * chains pre-set handlers rather than replacing them). `shutdown` ends the session politely.
 */
export function watchTransport(
  kind: TransportKind,
  transport: Transport,
  stderr: StdioChild | undefined,
  timeoutMs: number,
  shutdown: () => Promise<void>,
): Watch {
  const state: TransportState = {
    stderr: () => stderr?.text() ?? '',
    exited: false,
    timeoutMs,
    ...(stderr
      ? { spawn: { command: stderr.command, cwd: stderr.cwd }, stdout: stderr.stdout }
      : {}),
  };
  let closing = false;
  let die: (error: Error) => void = () => {};
  const dead = new Promise<never>((_, reject) => (die = reject));
  dead.catch(() => {});
  transport.onclose = () => {
    // Over stdio this is the process going away. HTTP transports only close when told to (the
    // SDK does so itself after a failed initialize), and their requests fail on their own.
    if (closing || kind !== 'stdio') return;
    state.exited = true;
    die(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'));
  };
  transport.onerror = (error) => {
    // Over stdio a line on stdout that is not JSON-RPC is skipped and counted, as both SDK
    // clients skip it (servers that print a banner work with them); any other transport error
    // is fatal: a broken pipe means the process is gone. Over HTTP the SDK also reports
    // recoverable trouble with the optional GET stream here, so only requests fail.
    if (kind !== 'stdio' || closing) return;
    if (state.stdout && countStray(state.stdout, error)) return;
    state.fatal ??= error;
    die(error);
  };
  const close = async (force: boolean) => {
    if (closing) return;
    closing = true;
    const pid = kind === 'stdio' ? (transport as { pid?: number | null }).pid : undefined;
    if (force && pid) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await shutdown().catch(() => {});
  };
  return {
    state,
    dead,
    isClosing: () => closing,
    close,
    async fail(error, where) {
      // Read before waiting for stderr: the SDK closes the transport itself after a failed
      // initialize, and that must not pass for the server exiting on its own.
      const exited = state.exited;
      // A process that died has more to say on stderr than has been read yet; a live one does not.
      if (exited || state.fatal) await (stderr?.settled() ?? Promise.resolve());
      const failure = toServerError(error, where, { ...state, exited });
      await close(true);
      throw failure;
    },
  };
}

/** Race `work` against the connection dying and a timeout that also covers starting the transport. */
export async function within<T>(work: Promise<T>, watch: Watch, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new McpError(ErrorCode.RequestTimeout, 'Request timed out')),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([work, watch.dead, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `send` as an attempt: whatever the server answers (an error, nothing within the timeout, an
 * HTTP error for this request) is returned; the connection dying under it fails as `request` does.
 */
export async function attempt(
  send: () => Promise<unknown>,
  watch: Watch,
  where: Where,
): Promise<Attempt> {
  try {
    return { result: await Promise.race([send(), watch.dead]) };
  } catch (error) {
    const closed = error instanceof McpError && error.code === ErrorCode.ConnectionClosed;
    if (closed || watch.state.exited || watch.state.fatal) return watch.fail(error, where);
    if (error instanceof McpError) {
      if (error.code === ErrorCode.RequestTimeout)
        return {
          error: { code: error.code, message: `no answer within ${watch.state.timeoutMs} ms` },
        };
      return {
        error: { code: error.code, message: error.message.replace(/^MCP error -?\d+: /, '') },
      };
    }
    return { error: { message: error instanceof Error ? error.message : String(error) } };
  }
}

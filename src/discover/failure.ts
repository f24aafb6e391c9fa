import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { AuthError, CodegenError, ServerError } from '../shared/errors.js';
import { describeStray, STRAY_HINT, type StdoutTally } from './stray-output.js';

/** Where a failure happened: every server error names the server, the method and, for lists, the page. */
export interface Where {
  server: string;
  method: string;
  page?: number;
}

function at(where: Where): string {
  return `server "${where.server}": ${where.method}${where.page === undefined ? '' : `, page ${where.page}`}`;
}

export function serverError(
  where: Where,
  problem: string,
  options: { hint?: string; cause?: unknown; stderr?: string } = {},
): ServerError {
  const stderr = options.stderr
    ? `\n  the server's stderr ended with:\n${indent(options.stderr)}`
    : '';
  return new ServerError(`${at(where)}: ${problem}${stderr}`, {
    hint: options.hint,
    cause: options.cause,
  });
}

/** What the transport knows beyond the error itself: captured stderr, whether the process is gone, stray lines on stdout. */
export interface TransportState {
  stderr(): string;
  exited: boolean;
  /** The first fatal transport-level error of a stdio connection (a broken pipe, an overlong line). */
  fatal?: Error;
  /** For stdio: the lines on stdout that were skipped because they were not JSON-RPC messages. */
  stdout?: StdoutTally;
  timeoutMs: number;
  /** For stdio: the command that was started and the folder it was started in. */
  spawn?: { command: string; cwd: string };
}

/**
 * Turn whatever the SDK, fetch or the child process threw into a ServerError that says what
 * happened in the user's terms. Our own errors pass through untouched.
 */
export function toServerError(error: unknown, where: Where, state: TransportState): CodegenError {
  if (error instanceof CodegenError) return error;
  const stderr = state.stderr();
  const fatal = state.fatal;
  // Lines on stdout that were skipped: a request that then goes unanswered may have been
  // answered in one of them, and a server that wrote nothing else is likely logging there.
  const stray = state.stdout && state.stdout.stray > 0 ? state.stdout : undefined;
  const strayNote = stray
    ? stray.messages === 0
      ? `; all it wrote was ${describeStray(stray)}`
      : `; it also wrote ${describeStray(stray)}`
    : '';
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return serverError(where, `no answer within ${state.timeoutMs} ms${strayNote}`, {
      hint: !stray
        ? 'the server may be stuck; if it is only slow, raise --timeout (discovery.timeoutMs in the config)'
        : stray.messages === 0
          ? STRAY_HINT
          : 'if the answer is among those lines, the server wrote it in a form that is not JSON-RPC: report it to its authors; if it is only slow, raise --timeout (discovery.timeoutMs in the config)',
      cause: error,
      stderr,
    });
  }
  if (
    state.exited ||
    (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) ||
    isBrokenPipe(fatal) ||
    isBrokenPipe(error)
  ) {
    // What a server printed before it stopped is often its reason (a usage text, a missing key).
    const why = stderr
      ? "see the server's stderr above"
      : stray?.messages === 0
        ? 'read what it printed: it may need arguments or environment variables (stdio and env in the config)'
        : 'run the server command by hand to see why it stops';
    return serverError(
      where,
      `${state.exited ? 'the server process exited before answering' : 'the server closed the connection before answering'}${strayNote}`,
      {
        hint: why,
        cause: error,
        stderr,
      },
    );
  }
  if (error instanceof McpError) {
    return serverError(
      where,
      `the server answered with JSON-RPC error ${error.code}: ${error.message.replace(/^MCP error -?\d+: /, '')}`,
      {
        hint: jsonRpcHint(error),
        cause: error,
        stderr,
      },
    );
  }
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    const code = error.code;
    if (code === 401 || code === 403)
      return new AuthError(`${at(where)}: ${httpProblem(code, error.message)}`, {
        hint: 'the server refused the credentials: check the Authorization header (headers in the config, or `mcp-codegen snapshot --header`), or configure auth in its url source',
        cause: error,
      });
    return serverError(where, httpProblem(code, error.message), {
      hint: 'check the URL and that the server speaks MCP there',
      cause: error,
    });
  }
  const system = systemError(error);
  if (system?.syscall?.startsWith('spawn')) return spawnFailure(where, system, state.spawn, error);
  if (system) {
    return serverError(
      where,
      `cannot connect: ${system.message}${system.code ? ` (${system.code})` : ''}`,
      {
        hint:
          system.code === 'ECONNREFUSED'
            ? 'is the server running and listening on that address and port?'
            : undefined,
        cause: error,
        stderr,
      },
    );
  }
  const issues = (error as { issues?: Array<{ path?: unknown[]; message?: string }> }).issues;
  if (error instanceof Error && error.name === 'ZodError' && Array.isArray(issues)) {
    const what = issues
      .slice(0, 3)
      .map((i) => `${(i.path ?? []).join('.') || '(result)'}: ${i.message ?? 'invalid'}`)
      .join('; ');
    return serverError(where, `the answer does not match the MCP schema: ${what}`, {
      hint: "report it to the server's authors",
      cause: error,
      stderr,
    });
  }
  return serverError(where, error instanceof Error ? error.message : String(error), {
    cause: error,
    stderr,
  });
}

/** -32022 is the 2026-07-28 spec's "unsupported protocol version", with the versions the server does support. */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

function jsonRpcHint(error: McpError): string | undefined {
  if (error.code === ErrorCode.MethodNotFound)
    return "the server declared this capability but does not implement the method; report it to the server's authors";
  if (error.code !== UNSUPPORTED_PROTOCOL_VERSION) return undefined;
  const supported = (error.data as { supported?: unknown } | undefined)?.supported;
  const list = Array.isArray(supported)
    ? supported.filter((v) => typeof v === 'string').join(', ')
    : '';
  return `the server ${list ? `supports only ${list}` : 'does not support this protocol version'}; use --era auto (discovery.era in the config) to pick the era it speaks`;
}

/** A command that could not be started: which one, in which folder, and what to check. */
function spawnFailure(
  where: Where,
  system: { code?: string; message: string },
  spawn: TransportState['spawn'],
  cause: unknown,
): ServerError {
  const command = spawn ? JSON.stringify(spawn.command) : 'the command';
  const folder = spawn ? ` in ${spawn.cwd}` : '';
  // Node reports a missing working directory as ENOENT too, as if the command were missing.
  if (system.code === 'ENOENT' && spawn && !existsSync(spawn.cwd)) {
    return serverError(
      where,
      `cannot start ${command}: its working directory ${spawn.cwd} does not exist (ENOENT)`,
      {
        hint: "fix cwd in the config (it is relative to the config file's folder), or create that folder",
        cause,
      },
    );
  }
  if (system.code === 'ENOENT') {
    const relative = spawn && /[\\/]/.test(spawn.command) && !isAbsolute(spawn.command);
    return serverError(where, `cannot start ${command}${folder}: no such command (ENOENT)`, {
      hint: relative
        ? `the path is relative to ${spawn.cwd}; check it, or give an absolute path`
        : `check the spelling and that it is installed and on PATH; it runs without a shell, so shell aliases and functions do not work; or give its full path`,
      cause,
    });
  }
  return serverError(
    where,
    `cannot start ${command}${folder}: ${system.message}${system.code ? ` (${system.code})` : ''}`,
    {
      hint:
        system.code === 'EACCES'
          ? 'the file is not executable: chmod +x it, or run it through its interpreter (e.g. node server.js)'
          : 'check the command and its working directory',
      cause,
    },
  );
}

/** `HTTP 404 (Cannot POST /x)`: the SDK's message carries the whole response body, often an HTML page. */
function httpProblem(code: number | undefined, message: string): string {
  const text = message
    .replace(/^(Streamable HTTP error: |SSE error: )/, '')
    .replace(/^Error POSTing to endpoint: /, '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  const status = code !== undefined && code > 0 ? `HTTP ${code}` : 'HTTP error';
  return short ? `${status} (${short})` : status;
}

function isBrokenPipe(error: unknown): boolean {
  const code = systemError(error)?.code;
  return code === 'EPIPE' || code === 'ECONNRESET' || code === 'ERR_STREAM_DESTROYED';
}

/** fetch wraps network failures as `TypeError: fetch failed` with the system error as its cause. */
function systemError(
  error: unknown,
): { code?: string; syscall?: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const e = current as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && typeof e.message === 'string') {
      return {
        code: e.code,
        syscall: typeof e.syscall === 'string' ? e.syscall : undefined,
        message: e.message,
      };
    }
    current = e.cause;
  }
  if (error instanceof TypeError && /fetch failed/.test(error.message)) {
    const reason = error.cause instanceof Error ? error.cause.message : undefined;
    return { message: reason ? `${error.message} (${reason})` : error.message };
  }
  return undefined;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    | ${line}`)
    .join('\n');
}

/**
 * mcp-codegen runtime: what a tool call comes back as. `ToolResult` is `{ ok: true, variant, data, raw }`
 * or `{ ok: false, error, raw }`; `ToolError` and `RuntimeError` are the failure side, one member per
 * code so that `switch (error.code)` narrows and can be exhaustive; `unwrap` turns a failure into a
 * thrown `ToolCallError`. Types and one small class: nothing here calls anything.
 */
import type { CallToolResult } from './runtime-protocol.js';
import type { ValidationIssue } from './runtime-spec.js';

/** Codes the runtime itself produces; a tool's own `<Tool>ErrorCode` object lists only the codes the server declares. */
export const RuntimeErrorCode = {
  /** The server sent a code not known at generation time; the code as sent is in `serverCode`. */
  Unknown: '$unknown',
  /** An error result without any code. */
  Uncoded: '$uncoded',
  /** The payload failed validation against the branch it claims to be; see `issues`. */
  InvalidResult: '$invalid_result',
  /** The arguments failed `inputSchema` validation; nothing was sent. */
  InvalidInput: '$invalid_input',
} as const;
export type RuntimeErrorCode = (typeof RuntimeErrorCode)[keyof typeof RuntimeErrorCode];

/** The codes of the runtime's own checks, each possible only where that check can run. */
export type CheckErrorCode =
  typeof RuntimeErrorCode.InvalidResult | typeof RuntimeErrorCode.InvalidInput;

/**
 * The errors the runtime itself reports for a tool, one member per code so `switch (error.code)` narrows
 * and can be exhaustive. Any call can end in `$unknown` (a code the server did not declare) or `$uncoded`
 * (no code at all); `Checks` adds the check codes that can happen to this tool: `$invalid_result` where a
 * result shape is known (validators are generated; a call may turn validation on or off), `$invalid_input`
 * where its input schema was embedded. A tool without declared codes has `RuntimeError<…>` as its error type.
 */
export type RuntimeError<Checks extends CheckErrorCode = never> =
  | ToolError<typeof RuntimeErrorCode.Unknown, unknown>
  | ToolError<typeof RuntimeErrorCode.Uncoded, unknown>
  | (Checks extends unknown ? ToolError<Checks, unknown> : never);

export interface ToolError<Code extends string = string, Details = unknown> {
  tool: string;
  code: Code;
  /** The code exactly as the server sent it, when `code` is `$unknown`. */
  serverCode?: string;
  message: string;
  /** Set only when the server said whether a retry makes sense. */
  retryable?: boolean;
  /** The error payload (the envelope's fields), or the text the server sent. */
  details: Details;
  issues?: readonly ValidationIssue[];
}

/**
 * What a tool call resolves to: `ok: true` with `data`, the documented payload (the outputSchema's
 * type, or `ToolContent` for a tool without one: `text`, `json` and the `content` blocks), or an
 * alternative told apart by `variant`; or `ok: false` with a typed `error`. `raw` is the result as sent.
 */
export type ToolResult<
  Data,
  Alt extends { variant: string; data: unknown } = never,
  Err = ToolError,
> =
  | { ok: true; variant: 'documented'; data: Data; raw: CallToolResult }
  | (Alt extends unknown
      ? { ok: true; variant: Alt['variant']; data: Alt['data']; raw: CallToolResult }
      : never)
  // A guarded client (`guard: 'block'`) can refuse any tool: generated code puts `GuardError` into
  // `Err` where the config's `guard` is on, and only there.
  | { ok: false; error: Err; raw: CallToolResult };

/** Any instantiation of `ToolResult`: the constraint helpers accept. */
export type AnyToolResult =
  | { ok: true; variant: string; data: unknown; raw: CallToolResult }
  | { ok: false; error: unknown; raw: CallToolResult };

/** Thrown by `unwrap` for `ok: false` results. */
export class ToolCallError<Err = ToolError> extends Error {
  readonly error: Err;
  readonly raw: CallToolResult;
  constructor(error: Err, raw: CallToolResult) {
    const e: Partial<ToolError> = typeof error === 'object' && error !== null ? error : {};
    // The server's code (as sent, when it was not known) and its own words, so a log line says what went wrong.
    const code =
      e.code === '$unknown' && e.serverCode !== undefined
        ? `${e.serverCode} ($unknown)`
        : (e.code ?? 'an error');
    super(`${e.tool ?? 'tool'} failed with ${code}: ${e.message ?? ''}`);
    this.name = 'ToolCallError';
    this.error = error;
    this.raw = raw;
  }
}

/** `data` of an `ok: true` result, or throws `ToolCallError`: `await client.x(args).then(unwrap)`. */
export function unwrap<R extends AnyToolResult>(result: R): Extract<R, { ok: true }>['data'] {
  if (result.ok) return result.data as Extract<R, { ok: true }>['data'];
  throw new ToolCallError<Extract<R, { ok: false }>['error']>(result.error, result.raw);
}

// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.
/**
 * mcp-codegen runtime, copied verbatim next to each generated client: regenerate, do not edit.
 * Turns `tools/call` results into `{ ok: true, variant, data, raw } | { ok: false, error, raw }`.
 *
 * - It imports nothing: no SDK package, no validator library, no Node built-ins. The protocol types
 *   it needs are declared in runtime-protocol.ts, structurally compatible with SDK v1
 *   (`@modelcontextprotocol/sdk`) and v2 (`@modelcontextprotocol/client`), so either `Client` (or any
 *   object with a compatible `callTool`) can be passed in.
 * - Validation runs the functions in validators.ts, precompiled at generation time: no `new Function`
 *   or `eval` at run time, so it works under `node --disallow-code-generation-from-strings` and on
 *   edge runtimes.
 * - JSON-RPC errors are thrown as `McpProtocolError` whichever SDK threw them, never mixed into results.
 * - No enums, namespaces or parameter properties, so Node's type stripping runs it.
 */
import {
  contentData,
  findCode,
  messageOf,
  own,
  pickBranch,
  readPayload,
} from './runtime-classify.js';
import { OutputEraMismatchError, callToolOn, eraOf, toProtocolError } from './runtime-client.js';
import { guardOf, type GuardError } from './runtime-guard.js';
import type {
  CallToolResult,
  CallToolResultLike,
  McpClientLike,
  ProtocolEra,
  RequestOptions,
} from './runtime-protocol.js';
import type { ResultEvent, ShapeMismatch, ToolSpec, ValidationIssue } from './runtime-spec.js';

// One module for users and generated code: the protocol types, errors, resource and prompt helpers.
export type * from './runtime-protocol.js';
export {
  McpProtocolError,
  OutputEraMismatchError,
  getPrompt,
  readResource,
} from './runtime-client.js';
export { expandUriTemplate, type UriTemplateValue } from './runtime-uri.js';
export type {
  BranchSpec,
  EraForm,
  ToolContent,
  ResultEvent,
  ShapeMismatch,
  ToolSpec,
  ValidationIssue,
  Validator,
} from './runtime-spec.js';
export {
  CatalogGuardError,
  GuardErrorCode,
  guardWith,
  type CatalogMonitor,
  type GuardError,
  type GuardMode,
  type GuardOptions,
  type GuardedClient,
} from './runtime-guard.js';
export type { CatalogChange, CatalogField, ToolFingerprint } from './runtime-canonical.js';

// ---- Results -----------------------------------------------------------------------------------

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

export type ToolResult<
  Data,
  Alt extends { variant: string; data: unknown } = never,
  Err = ToolError,
> =
  | { ok: true; variant: 'documented'; data: Data; raw: CallToolResult }
  | (Alt extends unknown
      ? { ok: true; variant: Alt['variant']; data: Alt['data']; raw: CallToolResult }
      : never)
  // A guarded client (`guard: 'block'`) can refuse any tool: its codes join every tool's own.
  | { ok: false; error: Err | GuardError; raw: CallToolResult };

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

// ---- Calling and classifying -------------------------------------------------------------------

export interface ClassifyOptions {
  /** Validate the payload against the chosen branch's schema (default true). */
  validateOutput?: boolean | undefined;
  /** The era the caller's client negotiated, when known (`invokeTool` asks the client). */
  era?: ProtocolEra | undefined;
  /**
   * A tool whose result type was inferred from samples or written by hand, not declared by the
   * server: a mismatching result is `ok: false` with `$invalid_result` (default false: `ok: true`).
   */
  strictShapes?: boolean | undefined;
  /** Called once per result that does not match such a shape (when not `strictShapes`). */
  onShapeMismatch?: ((mismatch: ShapeMismatch) => void) | undefined;
}

interface CallOptions extends ClassifyOptions {
  /** Passed to `client.callTool` (timeout, signal, progress) in the position that SDK expects. */
  request?: RequestOptions | undefined;
  /** Called with every result as it arrives (off by default): `mcp-codegen/record` writes these for `mcp-codegen sample --from`. */
  onResult?: ((event: ResultEvent) => void) | undefined;
}

export interface InvokeOptions extends CallOptions {
  /** Validate the arguments against `inputSchema` before sending (default false). */
  validateInput?: boolean | undefined;
}

/**
 * The options of a tool whose input schema was not embedded (the config's `validateInput` was off):
 * there is nothing to validate against, so `validateInput: true` is a type error rather than an option
 * that silently does nothing. Set `validateInput: true` in the config to embed the schemas.
 */
export interface UncheckedInputOptions extends CallOptions {
  validateInput?: false | undefined;
}

const NO_ISSUES: readonly ValidationIssue[] = /* @__PURE__ */ Object.freeze([]);

/**
 * Calls a tool and classifies its result. With `validateInput`, invalid arguments are not sent:
 * the result is `$invalid_input` and `raw` is a synthetic empty result `{ content: [] }`. Through a
 * guarded client (`guardClient`, or the class's `guard` option) in `block` mode, a removed or changed
 * tool is not called either: `$unavailable` or `$changed`, with the same synthetic `raw`.
 * JSON-RPC errors are thrown as `McpProtocolError`.
 */
export async function invokeTool<
  Data = unknown,
  Alt extends { variant: string; data: unknown } = never,
  Err = ToolError,
>(
  client: McpClientLike,
  spec: ToolSpec,
  args: object | undefined,
  options: InvokeOptions = {},
): Promise<ToolResult<Data, Alt, Err>> {
  const guard = guardOf(client);
  if (guard !== undefined) {
    // Synchronous once the catalog is verified: an unchanged catalog costs a map lookup, not a promise.
    const pending = guard.check(spec.name);
    const verdict =
      pending instanceof Promise
        ? await pending.catch((error: unknown) => {
            throw toProtocolError(error, 'tools/list', spec.name);
          })
        : pending;
    if (verdict !== undefined) return { ok: false, error: verdict, raw: { content: [] } };
    client = guard.client;
  }
  if (options.validateInput === true && spec.validateInput !== undefined) {
    // Validate what goes on the wire: JSON drops `undefined` members that optional properties may hold.
    const wire: unknown = args === undefined ? {} : JSON.parse(JSON.stringify(args));
    const issues = spec.validateInput(wire);
    if (issues.length > 0) {
      const error = failure(
        spec,
        RuntimeErrorCode.InvalidInput,
        `invalid arguments for ${spec.name}: ${describeIssues(issues)}`,
        args,
        issues,
      );
      return { ok: false, error: error as Err, raw: { content: [] } };
    }
  }
  let raw: unknown;
  try {
    raw = await callToolOn(
      client,
      { name: spec.name, arguments: (args ?? {}) as Record<string, unknown> },
      options.request,
    );
  } catch (error) {
    throw toProtocolError(error, 'tools/call', spec.name); // try/await, not .catch(): a client may also throw synchronously
  }
  if (typeof raw !== 'object' || raw === null)
    throw new TypeError(
      `tools/call ${JSON.stringify(spec.name)}: the client returned ${raw === null ? 'null' : typeof raw}, not a result object`,
    );
  options.onResult?.({ tool: spec.name, arguments: shapeOfValue(args ?? {}, 0), result: raw });
  const era = options.era ?? eraOf(client);
  return classifyResult(
    spec,
    raw as CallToolResultLike,
    era === options.era ? options : { ...options, era },
  ) as ToolResult<Data, Alt, Err>;
}

/**
 * `invokeTool` typed by the tool's result type alone: what each generated tool function calls, so
 * the type arguments are named once (by `<Tool>Result`), not restated at every call.
 */
export function runTool<R extends AnyToolResult>(
  client: McpClientLike,
  spec: ToolSpec,
  args: object | undefined,
  options?: InvokeOptions,
): Promise<R> {
  return invokeTool(client, spec, args, options) as Promise<unknown> as Promise<R>;
}

/**
 * Classifies a `tools/call` result already in hand (e.g. from `client.callTool` or a task stream).
 * Order: `isError` → coded soft-error envelopes → alternatives → documented; then validation.
 */
export function classifyResult(
  spec: ToolSpec,
  result: CallToolResultLike,
  options: ClassifyOptions = {},
): AnyToolResult {
  // A 2024-10-07 `{ toolResult }` answer has no content: `raw` always has the array.
  const raw = (
    Array.isArray(result.content) ? result : { ...result, content: [] }
  ) as CallToolResult;
  const { payload, text } = readPayload(spec.eraForm, raw, options.era);
  const validate = options.validateOutput !== false;

  const coded =
    raw.isError === true ? findCode(spec, payload, true) : findCode(spec, payload, false);
  if (raw.isError === true || coded !== undefined) {
    const found = coded ?? {};
    const known = found.sent !== undefined && spec.codes.includes(found.sent);
    const code = known
      ? found.sent!
      : found.sent !== undefined
        ? RuntimeErrorCode.Unknown
        : RuntimeErrorCode.Uncoded;
    // An unknown code is exactly what a generation-time schema (say, an `enum` of codes) cannot
    // describe, so it is reported as $unknown rather than as a validation failure.
    const check =
      validate && code !== RuntimeErrorCode.Unknown ? found.branch?.validate : undefined;
    const issues = check ? check(payload) : NO_ISSUES;
    if (issues.length > 0) return invalid(spec, payload, issues, raw, 'error');
    const error = failure(
      spec,
      code,
      messageOf(payload, text, found) ?? `${spec.name} returned ${found.sent ?? 'an error'}`,
      payload,
    );
    if (code === RuntimeErrorCode.Unknown) error.serverCode = found.sent!;
    const retryable = own(payload, 'retryable');
    if (typeof retryable === 'boolean') error.retryable = retryable;
    return { ok: false, error, raw };
  }

  const branch = pickBranch(spec, payload);
  const variant = branch?.kind === 'alternative' ? branch.variant : 'documented';
  if (validate && branch?.validate !== undefined) {
    const issues = branch.validate(payload);
    if (issues.length > 0 && spec.shape !== undefined && options.strictShapes !== true) {
      // A shape the server never declared is a hypothesis: the data still comes back, and the caller hears of it.
      options.onShapeMismatch?.({ tool: spec.name, issues });
    } else if (issues.length > 0) {
      // A non-object output read in another era than the snapshot's: say that, not just "invalid".
      if (
        spec.eraForm !== undefined &&
        spec.era !== undefined &&
        options.era !== undefined &&
        spec.era !== options.era
      ) {
        throw new OutputEraMismatchError(
          spec.name,
          spec.era,
          options.era,
          spec.eraForm,
          describeIssues(issues),
        );
      }
      return invalid(spec, payload, issues, raw, variant);
    }
  }
  // No outputSchema, no branches: the content itself, typed (`ToolContent`), never a bare `unknown`.
  return { ok: true, variant, data: spec.branches.length === 0 ? contentData(raw) : payload, raw };
}

/** A value's shape: each leaf replaced by its type name, to a bounded depth (deeper: 'unknown'). */
function shapeOfValue(value: unknown, depth: number): unknown {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  if (depth >= 16) return 'unknown';
  if (Array.isArray(value)) return value.map((item) => shapeOfValue(item, depth + 1));
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(value)) {
    // defineProperty, not assignment: an argument named `__proto__` stays a key.
    Object.defineProperty(out, key, { value: shapeOfValue((value as { [key: string]: unknown })[key], depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function failure(
  spec: ToolSpec,
  code: string,
  message: string,
  details: unknown,
  issues?: readonly ValidationIssue[],
): ToolError {
  return { tool: spec.name, code, message, details, ...(issues && { issues }) };
}

function invalid(
  spec: ToolSpec,
  payload: unknown,
  issues: readonly ValidationIssue[],
  raw: CallToolResult,
  branch: string,
): AnyToolResult {
  const message = `${spec.name} returned a result that does not match its ${branch} schema: ${describeIssues(issues)}`;
  return {
    ok: false,
    error: failure(spec, RuntimeErrorCode.InvalidResult, message, payload, issues),
    raw,
  };
}

function describeIssues(issues: readonly ValidationIssue[]): string {
  const first = issues[0];
  return first === undefined
    ? ''
    : `${first.pointer || '(root)'} ${first.message}${issues.length > 1 ? ` (+${issues.length - 1} more)` : ''}`;
}

// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.
/**
 * mcp-codegen runtime: calling a tool. `invokeTool` asks a guarded client's guard first, validates the
 * arguments when asked, sends `tools/call` through whichever SDK client it was given (runtime-client.ts),
 * and classifies the result (runtime-classify-result.ts); `runTool` is the same, typed by the tool's
 * result type, for the generated tool functions.
 */
import {
  classifyResult,
  describeIssues,
  failure,
  type ClassifyOptions,
} from './runtime-classify-result.js';
import { callToolOn, eraOf, toProtocolError } from './runtime-client.js';
import { guardOf } from './runtime-guard.js';
import type { CallToolResultLike, McpClientLike, RequestOptions } from './runtime-protocol.js';
import { RuntimeErrorCode, type AnyToolResult, type ToolError, type ToolResult } from './runtime-result.js';
import type { ResultEvent, ToolSpec } from './runtime-spec.js';

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
    if (verdict !== undefined) return { ok: false, error: verdict as Err, raw: { content: [] } };
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

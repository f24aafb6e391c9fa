/**
 * mcp-codegen runtime: a `tools/call` result in hand turned into a `ToolResult`, validated against the
 * branch it claims to be (the validators in validators.ts), and the failures the runtime's own checks
 * report (`$invalid_result`, `$invalid_input`). runtime-classify.ts reads the payload and finds its
 * branch; this decides what the caller gets.
 */
import { contentData, findCode, messageOf, own, pickBranch, readPayload } from './runtime-classify.js';
import { OutputEraMismatchError } from './runtime-client.js';
import type { CallToolResult, CallToolResultLike, ProtocolEra } from './runtime-protocol.js';
import { RuntimeErrorCode, type AnyToolResult, type ToolError } from './runtime-result.js';
import type { ShapeMismatch, ToolSpec, ValidationIssue } from './runtime-spec.js';

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

const NO_ISSUES: readonly ValidationIssue[] = /* @__PURE__ */ Object.freeze([]);

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
    const known = found.sent !== undefined && (spec.codes ?? []).includes(found.sent);
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
  return { ok: true, variant, data: (spec.branches ?? []).length === 0 ? contentData(raw) : payload, raw };
}

export function failure(
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

export function describeIssues(issues: readonly ValidationIssue[]): string {
  const first = issues[0];
  return first === undefined
    ? ''
    : `${first.pointer || '(root)'} ${first.message}${issues.length > 1 ? ` (+${issues.length - 1} more)` : ''}`;
}

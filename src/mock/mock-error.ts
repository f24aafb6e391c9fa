import { CODE_TOKEN } from '../schema/error-codes.js';
import type { MockCallToolResult } from './handler-types.js';

/** The details of a code sent as an `isError` payload: `message`, `retryable`, and any other field. */
export type MockIsErrorDetails = { message?: string; retryable?: boolean; [key: string]: unknown };

/** What `mockError` meant, kept on its result for the mock to send in the form the tool declares. */
export interface MockErrorIntent {
  readonly code: string;
  readonly details: { readonly [key: string]: unknown };
}

// `Symbol.for`: a handler module's copy of mcp-codegen/mock may be another instance than the mock's.
const INTENT = Symbol.for('mcp-codegen.mock.error');

function isErrorResult(text: string): MockCallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * A coded error for a handler to return, sent in the form the tool declares the code in: for a code
 * of its output schema's error envelope (`{ "error": "unknown_city" }`, `{ "_budget_exceeded": … }`),
 * that envelope as `structuredContent` (and its JSON as text), the code under its key and `details`
 * as its fields; for any other code, an `isError` result whose text is `{ code, message, retryable,
 * ...details }` (`retryable` false unless given). Either way the generated client reads it as
 * `{ ok: false, error: { code, ... } }`.
 */
function coded(code: string, details: MockIsErrorDetails = {}): MockCallToolResult {
  const payload = { code, message: `mock error: ${code}`, retryable: false, ...details };
  payload.code = code; // a `code` among the details is not the code
  const result = isErrorResult(JSON.stringify(payload));
  const intent: MockErrorIntent = { code, details: { ...details } };
  return Object.defineProperty(result, INTENT, { value: intent, enumerable: false });
}

/**
 * An error without a code (the client's `$uncoded`, `message` its message): an `isError` result
 * whose text is `{ message }`. For a tool that declares no codes as much as for any other.
 */
function uncoded(message: string): MockCallToolResult {
  return isErrorResult(JSON.stringify({ message }));
}

/**
 * An error with a code the tool does not declare (the client's `$unknown`, `serverCode` set to
 * `code`): an `isError` result whose text is `{ code, message, retryable }`. `code` must be a token
 * (letters, digits, `_ . : $ -`, at most 64 characters): anything else is a sentence, not a code.
 */
function unknown(code: string, message = `mock error: ${code}`): MockCallToolResult {
  if (!CODE_TOKEN.test(code))
    throw new TypeError(
      `mockError.unknown: ${JSON.stringify(code)} is not a code (a token: letters, digits, _ . : $ -, at most 64 characters); for a sentence use mockError.uncoded(message)`,
    );
  return isErrorResult(JSON.stringify({ code, message, retryable: false }));
}

/**
 * `mockError(code, details)`, with `mockError.uncoded(message)` and `mockError.unknown(code,
 * message)` for the errors no tool declares (the client's `$uncoded` and `$unknown`).
 */
export const mockError: typeof coded & { uncoded: typeof uncoded; unknown: typeof unknown } =
  Object.assign(coded, { uncoded, unknown });

/** What `mockError` meant by `value`, when a handler returned one of its results. */
export function mockErrorIntent(value: unknown): MockErrorIntent | undefined {
  return typeof value === 'object' && value !== null
    ? (value as { [INTENT]?: MockErrorIntent })[INTENT]
    : undefined;
}

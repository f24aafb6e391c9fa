/**
 * `mcp-codegen/mock`: what a handler module for `mcp-codegen mock --handlers <file>` imports. It
 * loads nothing (no SDK, no schema library), so a test file that imports it starts fast.
 *
 *   import { mockError, type MockHandlers } from 'mcp-codegen/mock';
 *   export default {
 *     getForecast: ({ city }) => ({ city, highs: [21, 23] }),   // the tool's output object
 *     set_alert: () => mockError('unknown_city', { city: 'Atlantis' }),
 *   } satisfies MockHandlers;
 *
 * Keys are the generated client's method names (`getForecast`) or the tools' own names
 * (`get_forecast`); a handler gets the arguments, already checked against the tool's inputSchema.
 * `createMockClient` answers the same way in process; a generated mock.ts (config `mock: true`)
 * types it as `create<Name>Mock`.
 */
export {
  createMockClient,
  type MockClient,
  type MockClientOptions,
  type MockToolDefinition,
} from './client.js';

/** A raw `tools/call` result, sent as it is: told apart from an output object by its `content` array. */
export interface MockCallToolResult {
  content: Array<{ type: string; [key: string]: unknown }>;
  structuredContent?: unknown;
  isError?: boolean;
  [key: string]: unknown;
}

/** What a handler is told besides the arguments. */
export interface MockCallContext {
  /** The tool's name as the server lists it. */
  readonly tool: string;
  /** How many tools/call requests the mock had received, this one included. */
  readonly call: number;
}

/**
 * Answers one tool: the tool's output object (sent as `structuredContent` and as JSON text in
 * `content[0]`), a raw `CallToolResult`, or a coded error made by `mockError`.
 */
export type MockHandler<Input = never, Output = unknown> = (
  input: Input,
  context: MockCallContext,
) => Output | MockCallToolResult | Promise<Output | MockCallToolResult>;

/** A handler module's default export (or its named exports), keyed by method or tool name. */
// `any`: each handler takes its own tool's input, which a generated `define<Name>Mock` types.
export type MockHandlers = Record<string, MockHandler<any>>;

/**
 * A coded error, as a server that follows the narrow-contract guidance sends one: an `isError`
 * result whose text is `{ code, message, ...details }`. The generated client reads it as
 * `{ ok: false, error: { code, message, details } }`.
 */
export function mockError(
  code: string,
  details: { message?: string; retryable?: boolean; [key: string]: unknown } = {},
): MockCallToolResult {
  const payload = { code, message: `mock error: ${code}`, ...details };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(payload) }] };
}

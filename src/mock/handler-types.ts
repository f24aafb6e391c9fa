/** What a handler module and a generated mock.ts type their handlers with (re-exported by `mcp-codegen/mock`). */

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

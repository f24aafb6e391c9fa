import { closest } from '../config/closest.js';
import type { JsonObject } from '../shared/json.js';
import type { Tool } from '../snapshot/types.js';
import type { MockTool } from './catalog.js';
import type { MockCallToolResult, MockHandler } from './handler-types.js';

/** One tool as a generated mock.ts embeds it: its wire name, its client method name and its schemas. */
export interface MockToolDefinition {
  readonly name: string;
  readonly method: string;
  readonly inputSchema: object;
  /** The declared output schema, else the one written in the config or sampled. */
  readonly outputSchema?: object;
}

export interface MockClientOptions {
  /** The seed of the data generated for a tool without a handler (default 1, as `mcp-codegen mock --seed`). */
  readonly seed?: number;
  /**
   * A tool nothing answers (no handler, no output schema) gets a text saying so, a success, as
   * `mcp-codegen mock --lenient` does; by default it is an `isError` result with code `mock_no_answer`.
   */
  readonly lenient?: boolean;
}

/** What `createMockClient` returns: an `McpClientLike` the generated functions and client class accept. */
export interface MockClient {
  callTool(params: {
    name: string;
    arguments?: { [key: string]: unknown } | undefined;
  }): Promise<MockCallToolResult>;
}

type Handlers = { readonly [key: string]: MockHandler<any> | undefined };

/**
 * An in-process client over a generated mock.ts's tools: each `callTool` is answered as
 * `mcp-codegen mock` answers `tools/call` (`answer.ts`, the same function): the arguments checked
 * strictly against the inputSchema first (an `invalid_arguments` error, no handler run), then the
 * handler under the tool's method name (or its own name), else data generated for its output
 * schema, else the error `mock_no_answer`. No process, no transport, no recordings.
 * A handler key that names no tool throws here, with the nearest name: a misspelt handler would
 * otherwise be replaced by generated data without a word.
 */
export function createMockClient(
  tools: readonly MockToolDefinition[],
  handlers: Handlers,
  options: MockClientOptions = {},
): MockClient {
  const byName = new Map<string, MockTool>();
  for (const t of tools)
    byName.set(t.name, {
      tool: { name: t.name, inputSchema: t.inputSchema } as Tool,
      method: t.method,
      output: t.outputSchema as JsonObject | undefined,
    });
  const table = new Map<string, MockHandler<unknown>>();
  const known = tools.flatMap((t) => [t.method, t.name]);
  for (const [key, handler] of Object.entries(handlers)) {
    if (handler === undefined) continue;
    if (typeof handler !== 'function' || !known.includes(key)) {
      const meant = closest(key, known);
      throw new TypeError(
        `createMockClient: the handler "${key}" is ${typeof handler !== 'function' ? 'not a function' : 'for no tool'}${meant ? `; did you mean \`${meant}\`?` : ''}`,
      );
    }
    table.set(key, handler as MockHandler<unknown>);
  }
  const catalog = { tools: byName };
  let calls = 0;
  return {
    async callTool(params) {
      const call = ++calls;
      const mock = byName.get(params.name);
      // As the server answers an unknown tool: JSON-RPC InvalidParams, which the runtime reports as a protocol error.
      if (!mock) throw Object.assign(new Error(`Tool ${params.name} not found`), { code: -32602 });
      // Loaded on the first call, as the server does: importing mcp-codegen/mock stays cheap.
      const { answerCall } = await import('./answer.js');
      return answerCall(
        catalog,
        mock,
        params.arguments,
        { handlers: table, seed: options.seed ?? 1, lenient: options.lenient === true },
        call,
      );
    },
  };
}

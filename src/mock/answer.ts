import { isObject, type JsonObject } from '../shared/json.js';
import type { MockCatalog, MockTool } from './catalog.js';
import { generatedValue } from '../schema/example-data.js';
import { declaredEnvelope } from './declared-form.js';
import { handlerFor, type HandlerTable } from './handlers.js';
import type { MockCallToolResult } from './handler-types.js';
import { mockErrorIntent } from './mock-error.js';
import type { Replay } from './replay.js';
import { schemaCheck, type SchemaCheck, type SchemaIssue } from '../schema/schema-check.js';

/** Where answers come from, in this order after the arguments pass. */
export interface AnswerSources {
  readonly handlers?: HandlerTable;
  readonly replay?: Replay;
  readonly seed: number;
  /**
   * `--lenient`: a tool nothing answers gets a plain text saying so, a success to the client (the
   * mock's answer before issue 49), instead of the `isError` `mock_no_answer`.
   */
  readonly lenient?: boolean;
}

const checks = new WeakMap<object, SchemaCheck>();

function checkOf(schema: JsonObject): SchemaCheck {
  let check = checks.get(schema);
  if (!check) checks.set(schema, (check = schemaCheck(schema)));
  return check;
}

/**
 * The answer to a `tools/call` of a listed tool. The arguments are checked against the tool's
 * inputSchema first, as a server that follows the narrow-contract guidance would: a wrong type, a
 * missing field or an extra field on a closed object is an `invalid_arguments` error and nothing
 * else runs (an inputSchema the client cannot use either refuses every call: `mock_unusable_schema`).
 * Then the first of: the user's handler (a `mockError` sent in the form the tool declares its
 * code), a recording, data generated for the output schema, and `mock_no_answer`: an error, so that
 * a call nothing answered never passes for a success (`lenient`: a text saying so, as a success).
 */
export async function answerCall(
  catalog: Pick<MockCatalog, 'tools'>,
  mock: MockTool,
  args: unknown,
  sources: AnswerSources,
  call: number,
): Promise<MockCallToolResult> {
  const name = mock.tool.name;
  const given = args ?? {};
  const input = checkOf(mock.tool.inputSchema);
  if (input.unusable !== undefined)
    return mockFailure(
      'mock_unusable_schema',
      `the inputSchema of ${name} cannot be used, so no arguments pass it (the generated client's own check, with validateInput, rejects them too): ${input.unusable}`,
    );
  const issues = isObject(given)
    ? input(given)
    : [{ at: '/', message: 'the arguments must be an object' }];
  if (issues.length > 0) return invalidArguments(name, issues);

  const handler = sources.handlers && handlerFor(sources.handlers, catalog, name);
  if (handler) {
    const value = await handler(given, { tool: name, call });
    const intent = mockErrorIntent(value);
    const envelope = intent && declaredEnvelope(mock, intent, { seed: sources.seed, args: given });
    if (envelope !== undefined) return asResult(envelope);
    if (intent !== undefined) return value as MockCallToolResult;
    return isRawResult(value, mock.output && checkOf(mock.output)) ? value : asResult(value);
  }

  const recorded = sources.replay?.answer(name, given);
  if (isObject(recorded) && Array.isArray(recorded.content))
    return recorded as unknown as MockCallToolResult;

  const output = mock.output && checkOf(mock.output);
  if (output?.unusable !== undefined)
    return mockFailure(
      'mock_unusable_schema',
      `the outputSchema of ${name} cannot be used, so no data is generated for it (the generated client rejects every result against it too): ${output.unusable}`,
    );
  if (mock.output && output) {
    const data = generatedValue(mock.output, output, sources.seed, name, given);
    if (data !== undefined) return asResult(data);
  }
  return noAnswer(mock, sources.lenient === true);
}

// What the mock said before issue 49 (kept by `lenient`), and the error it says now.
function noAnswer(mock: MockTool, lenient: boolean): MockCallToolResult {
  const why = mock.output
    ? 'no data generated for its output schema passed it'
    : 'no handler, no recording, and no output schema to generate data for';
  const said = `mcp-codegen mock has no answer for ${mock.tool.name}: ${why}`;
  // A tool with an output schema must send structuredContent on success, so this is an error there.
  if (lenient)
    return { ...(mock.output && { isError: true }), content: [{ type: 'text', text: said }] };
  return mockFailure(
    'mock_no_answer',
    `${said}. Give it a handler (\`${mock.method}\` in the handler module, or in the handlers of the generated create…Mock), a recording (--from), or an output schema (the config's outputs, or \`mcp-codegen sample\`); --lenient (in process: { lenient: true }) answers a text as a success instead`,
  );
}

/** An error of the mock's own, as the narrow-contract guidance shapes one: `{ code, message, retryable }`. */
function mockFailure(code: string, message: string): MockCallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify({ code, message, retryable: false }) }],
  };
}

/**
 * Whether a handler returned a raw result: it has a `content` array of blocks, and is not the
 * tool's output object (filesystem's `read_media_file` outputs `{ content: [...] }` itself).
 */
function isRawResult(value: unknown, output: SchemaCheck | undefined): value is MockCallToolResult {
  if (!isObject(value) || !Array.isArray(value.content)) return false;
  if (!value.content.every((b) => isObject(b) && typeof b.type === 'string')) return false;
  return output === undefined || output(value).length > 0;
}

/** An output object, sent as servers that declare outputs send it: structured, and as JSON text. */
function asResult(value: unknown): MockCallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value) ?? 'null' }],
    structuredContent: value,
  };
}

function invalidArguments(tool: string, issues: readonly SchemaIssue[]): MockCallToolResult {
  const said = issues
    .slice(0, 5)
    .map((i) => `${i.at}: ${i.message}`)
    .join('; ');
  const payload = {
    code: 'invalid_arguments',
    message: `invalid arguments for ${tool}: ${said}${issues.length > 5 ? '; …' : ''}`,
    retryable: false,
    issues: issues.slice(0, 20),
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(payload) }] };
}

import { isObject, type JsonObject } from '../shared/json.js';
import type { MockCatalog, MockTool } from './catalog.js';
import { generatedValue } from '../schema/example-data.js';
import { handlerFor, type HandlerTable } from './handlers.js';
import type { MockCallToolResult } from './handler-types.js';
import type { Replay } from './replay.js';
import { schemaCheck, type SchemaCheck, type SchemaIssue } from '../schema/schema-check.js';

/** Where answers come from, in this order after the arguments pass. */
export interface AnswerSources {
  readonly handlers?: HandlerTable;
  readonly replay?: Replay;
  readonly seed: number;
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
 * else runs. Then the first of: the user's handler, a recording, data generated for the output
 * schema, and a text saying the mock has no answer.
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
  const issues = isObject(given)
    ? checkOf(mock.tool.inputSchema)(given)
    : [{ at: '/', message: 'the arguments must be an object' }];
  if (issues.length > 0) return invalidArguments(name, issues);

  const handler = sources.handlers && handlerFor(sources.handlers, catalog, name);
  if (handler) {
    const value = await handler(given, { tool: name, call });
    return isRawResult(value, mock.output && checkOf(mock.output)) ? value : asResult(value);
  }

  const recorded = sources.replay?.answer(name, given);
  if (isObject(recorded) && Array.isArray(recorded.content))
    return recorded as unknown as MockCallToolResult;

  if (mock.output) {
    const data = generatedValue(mock.output, checkOf(mock.output), sources.seed, name, given);
    if (data !== undefined) return asResult(data);
  }
  return {
    // A tool with an output schema must send structuredContent on success, so this is an error there.
    ...(mock.output && { isError: true }),
    content: [
      {
        type: 'text',
        text: `mcp-codegen mock has no answer for ${name}: ${mock.output ? 'no data generated for its output schema passed it' : 'no handler, no recording, and no output schema to generate data for'}`,
      },
    ],
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

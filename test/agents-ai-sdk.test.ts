import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { classifyToolOutput, toolSchemas } from '../examples/weather/client/index.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { typecheck } from './helpers/tsc.js';

// The example client's `toolSchemas` in the real AI SDK (`ai` 6, `@ai-sdk/mcp` 1) against the real
// example server over stdio; the model is the AI SDK's mock, which asks for one tool call, then stops.
const server = fileURLToPath(new URL('../fixtures/servers/example.ts', import.meta.url));

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A model that calls `toolName` with `input` first, then answers "done". */
function callingModel(toolName: string, input: unknown) {
  return new MockLanguageModelV3({
    doGenerate: [
      {
        content: [
          { type: 'tool-call', toolCallId: 'call-1', toolName, input: JSON.stringify(input) },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
}

async function withTools<T>(
  run: (tools: Awaited<ReturnType<typeof toolsOf>>) => Promise<T>,
): Promise<T> {
  const mcp = await createMCPClient({
    transport: new Experimental_StdioMCPTransport({
      command: process.execPath,
      args: ['--import', 'tsx', server],
      cwd: repoRoot,
    }),
  });
  try {
    return await run(await toolsOf(mcp));
  } finally {
    await mcp.close();
  }
}
const toolsOf = (mcp: Awaited<ReturnType<typeof createMCPClient>>) =>
  mcp.tools({ schemas: toolSchemas });

test('generateText runs a tool with the generated schemas; the typed output reaches the step result', async () => {
  await withTools(async (tools) => {
    const result = await generateText({
      model: callingModel('get-forecast', { city: 'paris', days: 2 }),
      tools,
      prompt: 'Paris?',
      stopWhen: stepCountIs(2),
    });
    const [call] = result.steps[0]!.toolResults;
    assert.equal(call?.toolName, 'get-forecast');
    const output = call!.output as unknown;
    assert.deepEqual(output, {
      city: 'paris',
      days: [
        { day: 1, highC: 14, condition: 'rain' },
        { day: 2, highC: 16, condition: 'cloudy' },
      ],
    });
    const typed = classifyToolOutput('get-forecast', output);
    assert.ok(typed.ok && typed.data.days.length === 2);
    assert.equal(result.text, 'done');
  });
});

test('a coded error comes back typed: a soft envelope and an isError result', async () => {
  await withTools(async (tools) => {
    const soft = await generateText({
      model: callingModel('get-forecast', { city: 'atlantis' }),
      tools,
      prompt: '?',
      stopWhen: stepCountIs(2),
    });
    const envelope = classifyToolOutput('get-forecast', soft.steps[0]!.toolResults[0]!.output);
    assert.ok(!envelope.ok);
    assert.equal(envelope.error.code, 'unknown_city');

    const hard = await generateText({
      model: callingModel('set_alert', { city: 'atlantis', thresholdC: 5 }),
      tools,
      prompt: '?',
      stopWhen: stepCountIs(2),
    });
    const raw = hard.steps[0]!.toolResults[0]!.output;
    // @ai-sdk/mcp returns the isError CallToolResult itself, typed as the output: classifyToolOutput types it.
    assert.equal((raw as { isError?: boolean }).isError, true);
    const failed = classifyToolOutput('set_alert', raw);
    assert.ok(!failed.ok);
    assert.equal(failed.error.code, 'unknown_city');
    assert.equal(failed.error.retryable, false);
  });
});

test('arguments the input schema rejects never reach the server', async () => {
  await withTools(async (tools) => {
    const result = await generateText({
      model: callingModel('get-forecast', { city: 'paris', days: 99 }),
      tools,
      prompt: '?',
      stopWhen: stepCountIs(2),
    });
    const [step] = result.steps;
    assert.equal(step!.toolResults.length, 0);
    const error = step!.content.find((part) => part.type === 'tool-error');
    assert.ok(error, 'the invalid call is a tool-error');
    assert.match(String((error as { error: unknown }).error), /days|maximum|7/);
  });
});

test('a strict type-check of the AI SDK usage file passes; its misuses fail to compile', async () => {
  const dir = join(tmpRoot, 'agents-ai-sdk');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // Also part of the repo's own type-check; here under the generated code's stricter options.
  const source = await readFile(new URL('./agents/ai-sdk-usage.ts', import.meta.url), 'utf8');
  await writeFile(join(dir, 'usage.ts'), source.replace('../../examples/', '../../../examples/'));
  const result = await typecheck(dir, 'nodenext');
  assert.ok(result.ok, `tsc:\n${result.output.slice(0, 3000)}`);
});

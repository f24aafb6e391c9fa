/**
 * The example client's `toolSchemas` in the real AI SDK against the real example server over stdio,
 * the model being the AI SDK's mock, which asks for one tool call, then stops. One set of tests for
 * `ai` 6 with `@ai-sdk/mcp` 1 (test/agents-ai-sdk.test.ts) and `ai` 7 with `@ai-sdk/mcp` 2
 * (test/agents-ai-sdk-v7.test.ts, on Node 24). Their typed use is checked by the usage file
 * (test/agents/ai-sdk-usage.ts); here the packages are seen through the little these tests call.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyToolOutput, toolSchemas } from '../../examples/weather/client/index.js';
import { repoRoot } from './paths.js';
import { fixtureArgs } from './servers.js';

interface Step {
  toolResults: Array<{ toolName: string; output: unknown }>;
  content: Array<{ type: string; error?: unknown }>;
}

/** What the tests use of `ai` and `@ai-sdk/mcp` (the same in 6 and 7). */
export interface AiSdk {
  createMCPClient(options: { transport: unknown }): Promise<{
    tools(options: { schemas: typeof toolSchemas }): Promise<object>;
    close(): Promise<void>;
  }>;
  StdioMCPTransport: new (options: { command: string; args: string[]; cwd: string }) => unknown;
  generateText(options: {
    model: unknown;
    tools: object;
    prompt: string;
    stopWhen: unknown;
  }): Promise<{ text: string; steps: Step[] }>;
  stepCountIs(count: number): unknown;
  MockLanguageModelV3: new (options: { doGenerate: unknown[] }) => unknown;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** What the AI SDK's mock model answers: a call of `toolName` with `input`, then the text "done". */
export function oneToolCall(toolName: string, input: unknown): unknown[] {
  return [
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
  ];
}

/**
 * Registers the generateText tests, named `${label}: ...`; `load` imports the packages when a test
 * runs (`skip`: why they cannot run on this Node).
 */
export function aiSdkTests(label: string, load: () => Promise<AiSdk>, skip?: string): void {
  /** Runs one generateText call whose model calls `toolName` with `input` first, then answers "done". */
  async function callTool(toolName: string, input: unknown): Promise<{ text: string; step: Step }> {
    const sdk = await load();
    const mcp = await sdk.createMCPClient({
      transport: new sdk.StdioMCPTransport({
        command: process.execPath,
        args: fixtureArgs('example'),
        cwd: repoRoot,
      }),
    });
    try {
      const model = new sdk.MockLanguageModelV3({
        doGenerate: oneToolCall(toolName, input),
      });
      const tools = await mcp.tools({ schemas: toolSchemas });
      const result = await sdk.generateText({
        model,
        tools,
        prompt: '?',
        stopWhen: sdk.stepCountIs(2),
      });
      return { text: result.text, step: result.steps[0]! };
    } finally {
      await mcp.close();
    }
  }

  test(
    `${label}: generateText runs a tool with the generated schemas; the typed output reaches the step result`,
    {
      skip,
    },
    async () => {
      const { text, step } = await callTool('get-forecast', { city: 'paris', days: 2 });
      const [call] = step.toolResults;
      assert.equal(call?.toolName, 'get-forecast');
      assert.deepEqual(call.output, {
        city: 'paris',
        days: [
          { day: 1, highC: 14, condition: 'rain' },
          { day: 2, highC: 16, condition: 'cloudy' },
        ],
      });
      const typed = classifyToolOutput('get-forecast', call.output);
      assert.ok(typed.ok && typed.data.days.length === 2);
      assert.equal(text, 'done');
    },
  );

  test(
    `${label}: a coded error comes back typed: a soft envelope and an isError result`,
    {
      skip,
    },
    async () => {
      const soft = await callTool('get-forecast', { city: 'atlantis' });
      const envelope = classifyToolOutput('get-forecast', soft.step.toolResults[0]!.output);
      assert.ok(!envelope.ok);
      assert.equal(envelope.error.code, 'unknown_city');

      const hard = await callTool('set_alert', { city: 'atlantis', thresholdC: 5 });
      const raw = hard.step.toolResults[0]!.output;
      // @ai-sdk/mcp returns the isError CallToolResult itself, typed as the output: classifyToolOutput types it.
      assert.equal((raw as { isError?: boolean }).isError, true);
      const failed = classifyToolOutput('set_alert', raw);
      assert.ok(!failed.ok);
      assert.equal(failed.error.code, 'unknown_city');
      assert.equal(failed.error.retryable, false);
    },
  );

  test(
    `${label}: arguments the input schema rejects never reach the server`,
    { skip },
    async () => {
      const { step } = await callTool('get-forecast', { city: 'paris', days: 99 });
      assert.equal(step.toolResults.length, 0);
      const error = step.content.find((part) => part.type === 'tool-error');
      assert.ok(error, 'the invalid call is a tool-error');
      assert.match(String(error.error), /days|maximum|7/);
    },
  );
}

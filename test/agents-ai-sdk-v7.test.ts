import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { classifyToolOutput, toolSchemas } from '../examples/weather/client/index.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { typecheck } from './helpers/tsc.js';

// `ai` 7 with `@ai-sdk/mcp` 2 (installed as the aliases ai-v7 and ai-sdk-mcp-v2, beside `ai` 6 and
// `@ai-sdk/mcp` 1): the same one-line use type-checks, and, on Node 22 or newer (what `ai` 7 requires),
// generateText runs a tool of the example server with the generated schemas.
const major = Number(process.versions.node.split('.')[0]);
const runtimeSkip =
  major >= 22 ? undefined : `ai 7 needs Node 22 or newer; this is Node ${process.versions.node}`;
const server = fileURLToPath(new URL('../fixtures/servers/example.ts', import.meta.url));
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

test(
  'ai 7: generateText runs the tool with the generated schemas; errors come back typed',
  { skip: runtimeSkip },
  async () => {
    const { createMCPClient } = await import('ai-sdk-mcp-v2');
    const { Experimental_StdioMCPTransport } = await import('ai-sdk-mcp-v2/mcp-stdio');
    const { generateText, stepCountIs } = await import('ai-v7');
    const { MockLanguageModelV3 } = await import('ai-v7/test');
    const model = (toolName: string, input: unknown) =>
      new MockLanguageModelV3({
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
    const mcp = await createMCPClient({
      transport: new Experimental_StdioMCPTransport({
        command: process.execPath,
        args: ['--import', 'tsx', server],
        cwd: repoRoot,
      }),
    });
    try {
      const tools = await mcp.tools({ schemas: toolSchemas });
      const ok = await generateText({
        model: model('get-forecast', { city: 'oslo', days: 1 }),
        tools,
        prompt: '?',
        stopWhen: stepCountIs(2),
      });
      assert.deepEqual(ok.steps[0]!.toolResults[0]!.output, {
        city: 'oslo',
        days: [{ day: 1, highC: -3, condition: 'snow' }],
      });
      const failed = await generateText({
        model: model('set_alert', { city: 'atlantis', thresholdC: 5 }),
        tools,
        prompt: '?',
        stopWhen: stepCountIs(2),
      });
      const result = classifyToolOutput('set_alert', failed.steps[0]!.toolResults[0]!.output);
      assert.ok(!result.ok);
      assert.equal(result.error.code, 'unknown_city');
    } finally {
      await mcp.close();
    }
  },
);

test('ai 7: a strict type-check of the AI SDK usage file passes; its misuses fail to compile', async () => {
  const dir = join(tmpRoot, 'agents-ai-sdk-v7');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const source = await readFile(new URL('./agents/ai-sdk-usage.ts', import.meta.url), 'utf8');
  const v7 = source
    .replace('../../examples/', '../../../examples/')
    .replace("from '@ai-sdk/mcp'", "from 'ai-sdk-mcp-v2'")
    .replace("from 'ai'", "from 'ai-v7'");
  assert.notEqual(v7, source);
  await writeFile(join(dir, 'usage.ts'), v7);
  const result = await typecheck(dir, 'nodenext');
  assert.ok(result.ok, `tsc:\n${result.output.slice(0, 3000)}`);
});

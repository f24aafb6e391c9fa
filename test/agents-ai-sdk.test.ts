import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { aiSdkTests, type AiSdk } from './helpers/ai-sdk-cases.js';
import { tmpRoot } from './helpers/paths.js';
import { typecheck } from './helpers/tsc.js';

// The example client's `toolSchemas` in the real AI SDK (`ai` 6, `@ai-sdk/mcp` 1) against the real
// example server over stdio; the model is the AI SDK's mock, which asks for one tool call, then stops.
aiSdkTests('ai 6', async () => {
  const [{ createMCPClient }, { Experimental_StdioMCPTransport }, ai, { MockLanguageModelV3 }] =
    await Promise.all([
      import('@ai-sdk/mcp'),
      import('@ai-sdk/mcp/mcp-stdio'),
      import('ai'),
      import('ai/test'),
    ]);
  return {
    createMCPClient,
    StdioMCPTransport: Experimental_StdioMCPTransport,
    generateText: ai.generateText,
    stepCountIs: ai.stepCountIs,
    MockLanguageModelV3,
  } as unknown as AiSdk;
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

import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { aiSdkTests, type AiSdk } from './helpers/ai-sdk-cases.js';
import { rerunOnNode24 } from './helpers/node24.js';
import { tmpRoot } from './helpers/paths.js';
import { typecheck } from './helpers/tsc.js';

// `ai` 7 with `@ai-sdk/mcp` 2 (installed as the aliases ai-v7 and ai-sdk-mcp-v2, beside `ai` 6 and
// `@ai-sdk/mcp` 1): the same one-line use type-checks, and generateText runs the tools of the example
// server with the generated schemas, asserting what the `ai` 6 tests do. `ai` 7 needs Node 22 or
// newer: below that, those tests run again in a Node 24 child (test/helpers/node24.ts).
const major = Number(process.versions.node.split('.')[0]);
const runtimeSkip =
  major >= 22 ? undefined : `ai 7 needs Node 22 or newer; this is Node ${process.versions.node}`;

aiSdkTests(
  'ai 7',
  async () => {
    const [{ createMCPClient }, { Experimental_StdioMCPTransport }, ai, { MockLanguageModelV3 }] =
      await Promise.all([
        import('ai-sdk-mcp-v2'),
        import('ai-sdk-mcp-v2/mcp-stdio'),
        import('ai-v7'),
        import('ai-v7/test'),
      ]);
    return {
      createMCPClient,
      StdioMCPTransport: Experimental_StdioMCPTransport,
      generateText: ai.generateText,
      stepCountIs: ai.stepCountIs,
      MockLanguageModelV3,
    } as unknown as AiSdk;
  },
  runtimeSkip,
);

test('ai 7 on Node 24: the generateText tests above, in a Node 24 child', async (t) => {
  await rerunOnNode24(
    t,
    'test/agents-ai-sdk-v7.test.ts',
    3,
    '^ai 7: (generateText|a coded|arguments)',
  );
});

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

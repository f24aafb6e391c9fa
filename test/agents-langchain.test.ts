import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { renderClient } from '../src/generate/render.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { fixtureArgs } from './helpers/servers.js';
import { writeFiles } from './helpers/render.js';
import { typecheck } from './helpers/tsc.js';

// `agents: { langchain: true }` on the example's snapshot: langchain.ts type-checks against the real
// @langchain/core under --strict (with a usage file whose misuses must not compile), and its tools run
// once against the real example server.
const dir = join(tmpRoot, 'agents-langchain');

const USAGE = `import type { McpClientLike } from './runtime.js';
import { langchainTools } from './langchain.js';

export async function use(client: McpClientLike): Promise<void> {
  const tools = langchainTools(client);
  const result = await tools['get-forecast'].invoke({ city: 'paris', days: 2 });
  if (result.ok) result.data.days satisfies Array<{ day: number }>;
  else if (result.error.code === 'unknown_city') result.error.details.retryable satisfies boolean;
  tools['get-forecast'].name satisfies 'get-forecast';
  // @ts-expect-error a tool the server does not list
  void tools['get-forcast'];
  // @ts-expect-error \`city\` is a string
  await tools['get-forecast'].invoke({ city: 7 });
}
`;

test('langchainTools: type-checked against @langchain/core, called once against the example server', async () => {
  const snapshot = await readSnapshotFile(join(repoRoot, 'examples/weather/weather.snapshot.json'));
  const { files } = await renderClient(
    snapshot,
    {
      name: 'weather',
      agents: { langchain: true },
      // As the repo's config says: the codes set_alert returns in isError results.
      errors: { tools: { set_alert: { unknown_city: '', alert_limit_reached: '' } } },
    },
    dir,
  );
  assert.ok(files.some((f) => f.path === 'langchain.ts'));
  assert.ok(
    !files.find((f) => f.path === 'index.ts')!.content.includes('langchain'),
    'index.ts does not load LangChain',
  );
  await writeFiles(dir, files);
  await writeFile(join(dir, 'usage.ts'), USAGE);
  const checked = await typecheck(dir, 'nodenext');
  assert.ok(checked.ok, `tsc:\n${checked.output.slice(0, 3000)}`);

  const { langchainTools } = (await import(pathToFileURL(join(dir, 'langchain.ts')).href)) as {
    langchainTools: (
      client: Client,
    ) => Record<string, { invoke(input: unknown): Promise<unknown> }>;
  };
  const client = new Client({ name: 'agents-langchain-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: fixtureArgs('example'),
      cwd: repoRoot,
    }),
  );
  try {
    const tools = langchainTools(client);
    const forecast = (await tools['get-forecast']!.invoke({ city: 'tokyo', days: 1 })) as {
      ok: boolean;
      data: unknown;
    };
    assert.deepEqual(forecast.data, {
      city: 'tokyo',
      days: [{ day: 1, highC: 19, condition: 'sunny' }],
    });
    const failed = (await tools.set_alert!.invoke({ city: 'atlantis', thresholdC: 3 })) as {
      ok: boolean;
      error: { code: string };
    };
    assert.equal(failed.ok, false);
    assert.equal(failed.error.code, 'unknown_city');
    // LangChain validates the arguments against the tool's JSON Schema before calling it.
    await assert.rejects(
      tools['get-forecast']!.invoke({ city: 'tokyo', days: 99 }),
      /schema|days|maximum/i,
    );
  } finally {
    await client.close();
  }
});

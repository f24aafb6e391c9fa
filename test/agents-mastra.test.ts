import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { renderClient } from '../src/generate/render.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { rerunOnNode24 } from './helpers/node24.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { connectMock } from './helpers/mock.js';
import { fixtureArgs } from './helpers/servers.js';
import { writeFiles } from './helpers/render.js';
import { typecheck } from './helpers/tsc.js';

// `agents: { mastra: true }` on the example's snapshot: mastra.ts type-checks against the real
// @mastra/core under --strict (with a usage file whose misuses must not compile), and, on the Node
// versions @mastra/core supports (22.13 or newer), its tools run once against the real example server:
// here, or below that in a Node 24 child (test/helpers/node24.ts); and once against `mcp-codegen mock`
// serving a catalog with one tool a visibility form (uses dist/: build first).
const dir = join(tmpRoot, 'agents-mastra');
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const callSkip =
  major > 22 || (major === 22 && minor >= 13)
    ? undefined
    : `@mastra/core needs Node 22.13 or newer; this is Node ${process.versions.node}`;

const USAGE = `import type { McpClientLike } from './runtime.js';
import { mastraTools } from './mastra.js';

export async function use(client: McpClientLike, context: never): Promise<void> {
  const tools = mastraTools(client);
  tools['get-forecast'].id satisfies 'get-forecast';
  const output = await tools['get-forecast'].execute?.({ city: 'paris', days: 2 }, context);
  void output;
  // @ts-expect-error a tool the server does not list
  void tools['get-forcast'];
  // @ts-expect-error \`city\` is a string
  await tools['get-forecast'].execute?.({ city: 7 }, context);
}
`;

async function render() {
  const snapshot = await readSnapshotFile(join(repoRoot, 'examples/weather/weather.snapshot.json'));
  const { files } = await renderClient(
    snapshot,
    {
      name: 'weather',
      agents: { mastra: true },
      errors: { tools: { set_alert: { unknown_city: '', alert_limit_reached: '' } } },
    },
    dir,
  );
  await writeFiles(dir, files);
  return files;
}

test('mastraTools: type-checked against @mastra/core under --strict; index.ts does not load it', async () => {
  const files = await render();
  assert.ok(!files.find((f) => f.path === 'index.ts')!.content.includes('mastra'));
  await writeFile(join(dir, 'usage.ts'), USAGE);
  const checked = await typecheck(dir, 'nodenext');
  assert.ok(checked.ok, `tsc:\n${checked.output.slice(0, 3000)}`);
});

test('mastraTools: called once against the example server', { skip: callSkip }, async () => {
  await render();
  const { mastraTools } = (await import(pathToFileURL(join(dir, 'mastra.ts')).href)) as {
    mastraTools: (
      client: Client,
    ) => Record<string, { execute(input: unknown, context: object): Promise<unknown> }>;
  };
  const client = new Client({ name: 'agents-mastra-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: fixtureArgs('example'),
      cwd: repoRoot,
    }),
  );
  try {
    const tools = mastraTools(client);
    const forecast = await tools['get-forecast']!.execute({ city: 'lima', days: 1 }, {});
    assert.deepEqual(forecast, {
      city: 'lima',
      days: [{ day: 1, highC: 22, condition: 'cloudy' }],
    });
    await assert.rejects(
      tools.set_alert!.execute({ city: 'atlantis', thresholdC: 3 }, {}),
      /atlantis|unknown_city/,
    );
  } finally {
    await client.close();
  }
});

// The catalog with one tool a visibility form (test/agents-visibility.test.ts runs the other adapters).
test(
  'mastraTools: called once against the mock of a catalog of visibility forms: only the three the model may see',
  { skip: callSkip },
  async () => {
    const out = join(tmpRoot, 'agents-mastra-visibility');
    const forms = join(repoRoot, 'fixtures/catalogs/visibility-forms.json');
    const snapshot = await readSnapshotFile(forms);
    await writeFiles(
      out,
      (await renderClient(snapshot, { name: 'forms', agents: { mastra: true } }, out)).files,
    );
    const { mastraTools } = (await import(pathToFileURL(join(out, 'mastra.ts')).href)) as {
      mastraTools: (client: unknown) => Record<string, Executable>;
    };
    const mock = await connectMock(['--snapshot', forms]);
    try {
      const tools = mastraTools(mock.client);
      assert.deepEqual(Object.keys(tools), ['model_and_app', 'model_only', 'no_visibility']);
      const found = (await tools.no_visibility!.execute({ query: 'x' }, {})) as { ids?: unknown };
      assert.ok(Array.isArray(found.ids), JSON.stringify(found));
    } finally {
      await mock.close();
    }
  },
);

type Executable = { execute(input: unknown, context: object): Promise<unknown> };

test('mastraTools on Node 24: the calls above, in a Node 24 child', async (t) => {
  await rerunOnNode24(t, 'test/agents-mastra.test.ts', 2, '^mastraTools: called once');
});

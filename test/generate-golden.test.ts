import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { test } from 'node:test';
import { RUNTIME_TEMPLATES } from '../src/emit/emit.js';
import { fixtureCatalogs, repoRoot } from './helpers/paths.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { renderClient } from '../src/generate/render.js';
import { renderCatalog } from './helpers/render.js';

// Catalog in (fixtures/catalogs/X.json) → committed expected client out (fixtures/golden/X/), so
// every change to emitted code shows in review. UPDATE_GOLDEN=1 rewrites the expected files.
// The runtime files are left out: verbatim copies of templates/, reviewed there.
const update = process.env.UPDATE_GOLDEN === '1';

// The per-tool layout, golden as per-tool-<name>/: a catalog with colliding, reserved and non-ASCII
// names, an MCP App's (app-only tools, annotations, typed and untyped results, for catalog.json), and
// one tool a visibility form (catalog.json's `appOnly` for each).
const PER_TOOL = ['hostile', 'mcp-app-catalog', 'visibility-forms'];
// Standard Schema objects, the code-mode declaration and the LangChain, Mastra and OpenAI Agents SDK
// adapters (config `agents`) on a catalog with coded envelopes, on one without tools, and on one tool
// a visibility form (the model-facing files offer three): as agents-<name>/.
const AGENTS = ['coded-envelopes', 'no-tools', 'visibility-forms'];
// mock.ts (config `mock: true`) on a catalog with declared codes, a hostile one and one without tools: as mock-<name>/mock.ts.
const MOCK = ['coded-envelopes', 'hostile', 'no-tools'];
const cases = [
  ...fixtureCatalogs().map((catalog) => ({
    catalog,
    name: basename(catalog, '.json'),
    golden: basename(catalog, '.json'),
    layout: 'single' as const,
  })),
  ...fixtureCatalogs()
    .filter((catalog) => PER_TOOL.includes(basename(catalog, '.json')))
    .map((catalog) => ({
      catalog,
      name: basename(catalog, '.json'),
      golden: `per-tool-${basename(catalog, '.json')}`,
      layout: 'per-tool' as const,
    })),
  ...fixtureCatalogs()
    .filter((catalog) => AGENTS.includes(basename(catalog, '.json')))
    .map((catalog) => ({
      catalog,
      name: basename(catalog, '.json'),
      golden: `agents-${basename(catalog, '.json')}`,
      layout: 'agents' as const,
    })),
  ...fixtureCatalogs()
    .filter((catalog) => MOCK.includes(basename(catalog, '.json')))
    .map((catalog) => ({
      catalog,
      name: basename(catalog, '.json'),
      golden: `mock-${basename(catalog, '.json')}`,
      layout: 'mock' as const,
    })),
];

for (const { catalog, name, golden, layout } of cases) {
  test(`golden: ${golden}`, async () => {
    const options =
      layout === 'agents'
        ? {
            name,
            agents: {
              standardSchema: true,
              codeMode: true,
              langchain: true,
              mastra: true,
              openai: true,
            },
          }
        : layout === 'mock'
          ? { name, mock: true }
          : { name, layout };
    const { files } =
      layout === 'single'
        ? await renderCatalog(catalog, name)
        : await renderClient(await readSnapshotFile(catalog), options, '/nonexistent/out');
    const dir = join(repoRoot, 'fixtures/golden', golden);
    // The mock cases keep only mock.ts: the rest is the catalog's own golden.
    const kept = files.filter(
      (f) => !RUNTIME_TEMPLATES.includes(f.path) && (layout !== 'mock' || f.path === 'mock.ts'),
    );
    for (const file of kept) {
      const expectedPath = join(dir, file.path);
      if (update) {
        await mkdir(dirname(expectedPath), { recursive: true });
        await writeFile(expectedPath, file.content);
        continue;
      }
      const expected = await readFile(expectedPath, 'utf8').catch(() => undefined);
      assert.ok(
        expected !== undefined,
        `missing golden file ${expectedPath}: run UPDATE_GOLDEN=1 npm run test:unit`,
      );
      assert.equal(
        file.content,
        expected,
        `${name}/${file.path} differs from the golden file (UPDATE_GOLDEN=1 to accept)`,
      );
    }
  });
}

// An aggregate (config `aggregate`, `prefix`, with its agent files) over two clients sharing one runtime,
// from the committed snapshots of fixtures/servers/aggregate.ts: golden as aggregate-tools/ (the
// aggregate's own files). Generated under the system's temp folder, so prettier's defaults apply, as above.
test('golden: aggregate-tools', async () => {
  const { generate } = await import('../src/generate/generate.js');
  const root = await mkdtemp(join(tmpdir(), 'golden-aggregate-'));
  const agents = { standardSchema: true, codeMode: true, openai: true };
  try {
    await generate({
      config: {
        root,
        cache: false,
        runtime: { out: 'g/runtime' },
        aggregate: {
          name: 'Tools',
          out: 'g/tools',
          servers: ['notes', 'db'],
          conflicts: 'prefix',
          agents,
        },
        servers: ['notes', 'db'].map((name) => ({
          name,
          agents,
          source: { snapshot: join(repoRoot, `fixtures/aggregate/${name}.snapshot.json`) },
          out: `g/${name}`,
        })),
      },
    });
    const dir = join(repoRoot, 'fixtures/golden/aggregate-tools');
    const paths = ['index.ts', 'schemas.ts', 'code-mode.d.ts', 'code-mode-declaration.ts'];
    for (const path of [...paths, 'openai-agents.ts']) {
      const content = await readFile(join(root, 'g/tools', path), 'utf8');
      if (update) {
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, path), content);
        continue;
      }
      const expected = await readFile(join(dir, path), 'utf8').catch(() => undefined);
      assert.equal(
        content,
        expected,
        `aggregate-tools/${path} differs from the golden file (UPDATE_GOLDEN=1 to accept)`,
      );
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

/**
 * Issue 34's "through the generated client": every tool of the shared catalogs that declares an
 * output schema, called with its generated function (validating the result with the client's own
 * validator, as users' code does) on `mcp-codegen mock` over stdio (SDK v1's `Client`, legacy era),
 * gets `ok: true`: the mock's generated data passes the generated client's checks, not only Ajv's.
 */
import assert from 'node:assert/strict';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import { renderClient } from '../src/generate/render.js';
import { parseSnapshotText, type Tool } from '../src/snapshot/index.js';
import { ValidatorCache } from './helpers/ajv-reference.js';
import { connectMock, snapshotOfEra, writeText } from './helpers/mock.js';
import { sharedCatalogs, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';

const work = join(tmpRoot, 'mock-generated-client');
const shared = sharedCatalogs();
const ajv = new ValidatorCache();

before(() => mkdir(work, { recursive: true }));
after(() => rm(work, { recursive: true, force: true }));

/** Arguments that satisfy a tool's inputSchema (checked with Ajv, so a miss is the test's). */
function argumentsFor(tool: Tool): Record<string, unknown> {
  for (let seed = 1; seed < 50; seed++) {
    const args = generateSync(structuredClone(tool.inputSchema) as JsonSchema, { seed });
    if (ajv.validate(tool.inputSchema, args).length === 0) return args as Record<string, unknown>;
  }
  throw new Error(`no valid arguments found for ${tool.name}`);
}

type ToolFunction = (
  client: unknown,
  input: Record<string, unknown>,
) => Promise<{ ok: boolean; error?: unknown }>;

test('every declared output schema: ok: true through the generated tool function, against the mock', async (t) => {
  if (shared.skip) return t.skip(shared.skip);
  let called = 0;
  for (const catalog of shared.files) {
    const text = await snapshotOfEra(catalog, 'legacy');
    const snapshot = parseSnapshotText(text, catalog);
    if (!snapshot.tools.some((tool) => tool.outputSchema !== undefined)) continue;
    const name = basename(catalog, '.json').replace(/[^A-Za-z0-9_-]/g, '_');
    const dir = join(work, name);
    const { files, model } = await renderClient(snapshot, { name: 'probe' }, dir);
    await writeFiles(dir, files);
    const generated = (await import(pathToFileURL(join(dir, 'index.ts')).href)) as Record<
      string,
      ToolFunction
    >;
    const file = await writeText(join(work, `${name}.json`), text);
    const mock = await connectMock(['--snapshot', file, '--seed', '7']);
    try {
      for (const tool of model.tools.filter((m) => m.tool.outputSchema !== undefined)) {
        const call = generated[tool.functionName];
        assert.equal(typeof call, 'function', `${name}: ${tool.functionName} is exported`);
        const result = await call!(mock.client, argumentsFor(tool.tool as Tool));
        assert.ok(result.ok, `${name} ${tool.tool.name}: ${JSON.stringify(result.error)}`);
        called++;
      }
    } finally {
      await mock.close();
    }
  }
  t.diagnostic(`${called} calls through generated tool functions`);
  assert.ok(called > 100, `${called} calls`);
});

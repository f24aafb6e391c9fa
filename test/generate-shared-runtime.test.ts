/**
 * One runtime for many clients (config `runtime: { out }`, issue 27): two servers generated into one
 * project hold one copy of the runtime between them, in its own folder with its own manifest, and
 * each client, imported on its own, calls its own server (the aggregate fixture servers, over stdio).
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ResolvedConfig } from '../src/config/types.js';
import { RUNTIME_TEMPLATES } from '../src/emit/emit.js';
import { generate } from '../src/generate/generate.js';
import { connectRole } from './helpers/aggregate-servers.js';
import { tmpRoot } from './helpers/paths.js';
import { fixtureCommand } from './helpers/servers.js';
import { typecheck } from './helpers/tsc.js';

const root = join(tmpRoot, `shared-runtime-${process.pid}`);
const config: ResolvedConfig = {
  root,
  cache: false,
  runtime: { out: 'generated/runtime' },
  servers: ['notes', 'db'].map((name) => ({
    name,
    source: { stdio: fixtureCommand('aggregate', name) },
    snapshot: `mcp/${name}.snapshot.json`,
    out: `generated/${name}`,
    // The Standard Schema runtime is imported from the shared folder too.
    ...(name === 'db' ? { agents: { standardSchema: true } } : {}),
  })),
};
const clients: Record<string, Client> = {};

before(async () => {
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  await generate({ config });
  for (const role of ['notes', 'db']) clients[role] = await connectRole(role);
});
after(async () => {
  await Promise.all(Object.values(clients).map((c) => c.close()));
  await rm(root, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

test('two clients hold one runtime copy between them, in the runtime folder', async () => {
  const runtimeFiles = (await filesUnder(join(root, 'generated'))).filter((f) =>
    /(^|\/)(runtime(-[a-z]+)*|json-schema-[a-z0-9-]+)\.ts$/.test(f),
  );
  assert.deepEqual(
    runtimeFiles,
    RUNTIME_TEMPLATES.map((name) => `runtime/${name}`).sort(),
    'one copy of each template, none in a client folder',
  );
  const manifest = JSON.parse(
    await readFile(join(root, 'generated/runtime/mcp-codegen.manifest.json'), 'utf8'),
  ) as { files: Array<{ path: string }> };
  assert.deepEqual(manifest.files.map((f) => f.path).sort(), [...RUNTIME_TEMPLATES].sort());
  const index = await readFile(join(root, 'generated/notes/index.ts'), 'utf8');
  assert.match(index, /from '\.\.\/runtime\/runtime\.js'/);
  const validators = await readFile(join(root, 'generated/db/validators.ts'), 'utf8');
  assert.match(
    validators,
    /import \{ jsonSchemaValidator \} from "\.\.\/runtime\/runtime-validate\.js";/,
  );
});

test('each client, imported alone, calls its own server', async () => {
  for (const role of ['notes', 'db']) {
    const index = (await import(pathToFileURL(join(root, `generated/${role}/index.ts`)).href)) as {
      search: (mcp: Client, input: { query: string }) => Promise<{ ok: boolean; data?: unknown }>;
      [name: string]: unknown;
    };
    const result = await index.search(clients[role]!, { query: 'q' });
    assert.deepEqual(result.data, { server: role, tool: 'search', echo: 'q' });
    type Search = (input: { query: string }) => Promise<{ data?: unknown }>;
    const className = `${role[0]!.toUpperCase()}${role.slice(1)}Client`;
    const Class = index[className] as new (mcp: Client) => { search: Search };
    const viaClass = await new Class(clients[role]!).search({ query: 'r' });
    assert.deepEqual(viaClass.data, { server: role, tool: 'search', echo: 'r' });
    assert.equal(typeof index.unwrap, 'function', 'the runtime is re-exported as before');
  }
});

test('the shared layout compiles under --strict, and a second run changes nothing', async () => {
  const checked = await typecheck(join(root, 'generated'), 'nodenext');
  assert.ok(checked.ok, checked.output || 'tsc failed without output');
  const again = await generate({ config, offline: true, check: true });
  assert.deepEqual(again.stale, []);
});

test('dropping the runtime key moves the runtime back into each client and removes the shared copy', async () => {
  const { runtime: _shared, ...own } = config;
  const result = await generate({ config: own, offline: true });
  const removed = result.files.filter((f) => f.status === 'removed').map((f) => f.path);
  // The shared folder is no longer in the config, so it is left as it is (the user may delete it).
  assert.deepEqual(removed, []);
  const notes = await filesUnder(join(root, 'generated/notes'));
  assert.ok(notes.includes('runtime.ts'));
  const index = await readFile(join(root, 'generated/notes/index.ts'), 'utf8');
  assert.match(index, /from '\.\/runtime\.js'/);
});

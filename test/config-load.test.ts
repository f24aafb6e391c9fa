/**
 * TypeScript configs through the real loader (Node itself for plain JavaScript, jiti for the rest):
 * a config importing relative `.ts` files, `.mts` and `.cts` forms, `mcp-codegen` itself loaded natively (the very module Node loads, not a
 * compiled copy), a config edited between two loads, and errors located by file and line.
 * The folders live under test/.tmp, inside this package, so `mcp-codegen` resolves to it by name.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { loadConfig } from '../src/config/load.js';
import { CodegenError } from '../src/shared/errors.js';
import { tmpRoot } from './helpers/paths.js';

const root = join(tmpRoot, `config-load-${process.pid}`);
after(() => rm(root, { recursive: true, force: true }));

const SERVER = `{ name: 'w', source: { snapshot: 'w.json' }, out: 'out' }`;

async function project(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(root, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
  return dir;
}

async function failure(dir: string): Promise<string> {
  try {
    await loadConfig({ cwd: dir });
  } catch (error) {
    assert.ok(error instanceof CodegenError, String(error));
    return error.message;
  }
  throw new Error('the config loaded');
}

test('a .ts config importing relative .ts files (by .js, by no extension), with types stripped', async () => {
  const dir = await project('relative', {
    'mcp-codegen.config.ts': `import type { Server } from './types.js';\nimport { servers } from './servers.js';\nimport { out } from './out';\nconst first: Server = { ...servers[0]!, out };\nexport default { servers: [first] satisfies Server[] };\n`,
    'types.ts': `export interface Server { name: string; source: { snapshot: string }; out: string }\n`,
    'servers.ts': `import type { Server } from './types.js';\nexport const servers: Server[] = [${SERVER}];\n`,
    'out.ts': `export const out: string = 'generated' as string;\n`,
  });
  const config = await loadConfig({ cwd: dir });
  assert.equal(config.file, join(dir, 'mcp-codegen.config.ts'));
  assert.deepEqual(
    config.servers.map((s) => [s.name, s.out]),
    [['w', 'generated']],
  );
});

test("import { defineConfig } from 'mcp-codegen' is Node's own module, not a compiled copy", async () => {
  const dir = await project('native', {
    // A type annotation: this one goes through jiti, which leaves the package import to Node.
    'mcp-codegen.config.ts': `import { defineConfig } from 'mcp-codegen';\nconst servers: unknown[] = [${SERVER}];\n(globalThis as { loadedDefineConfig?: unknown }).loadedDefineConfig = defineConfig;\nexport default defineConfig({ servers });\n`,
  });
  const config = await loadConfig({ cwd: dir });
  assert.equal(config.servers.length, 1);
  const native = (await import('mcp-codegen')) as { defineConfig: unknown };
  const loaded = (globalThis as { loadedDefineConfig?: unknown }).loadedDefineConfig;
  assert.equal(typeof loaded, 'function');
  assert.equal(loaded, native.defineConfig, 'the same function object Node loaded');
});

test('a .ts config that is plain JavaScript is loaded by Node itself, from a copy it removes', async () => {
  const dir = await project('plain', {
    'mcp-codegen.config.ts': `import { defineConfig } from 'mcp-codegen';\nglobalThis.loadedFrom = import.meta.url;\nexport default defineConfig({ servers: [${SERVER}] });\n`,
  });
  assert.equal((await loadConfig({ cwd: dir })).servers[0]!.name, 'w');
  const from = (globalThis as { loadedFrom?: string }).loadedFrom ?? '';
  assert.match(from, /\/\.mcp-codegen\.config\.ts\.\d+-\d+\.mjs$/, 'not through jiti');
  assert.deepEqual(await readdir(dir), ['mcp-codegen.config.ts'], 'the copy is gone');

  const typed = await project('typed', {
    'mcp-codegen.config.ts': `(globalThis as { loadedFrom?: string }).loadedFrom = import.meta.url;\nexport default { servers: [${SERVER}] };\n`,
  });
  await loadConfig({ cwd: typed });
  assert.equal(
    (globalThis as { loadedFrom?: string }).loadedFrom,
    pathToFileURL(join(typed, 'mcp-codegen.config.ts')).href,
    'type syntax: jiti, with import.meta.url the file itself',
  );
  assert.deepEqual(await readdir(typed), ['mcp-codegen.config.ts'], 'no copy left behind');
});

test('.mts and .cts configs (export default, and module.exports)', async () => {
  const mts = await project('mts', {
    'mcp-codegen.config.mts': `const servers: unknown[] = [${SERVER}];\nexport default { servers };\n`,
  });
  assert.equal((await loadConfig({ cwd: mts })).servers[0]!.name, 'w');
  const cts = await project('cts', {
    'mcp-codegen.config.cts': `const config: { servers: unknown[] } = { servers: [${SERVER}] };\nmodule.exports = config;\n`,
  });
  assert.equal((await loadConfig({ cwd: cts })).servers[0]!.name, 'w');
  const ctsDefault = await project('cts-default', {
    'mcp-codegen.config.cts': `export default { servers: [${SERVER}] as unknown[] };\n`,
  });
  assert.equal((await loadConfig({ cwd: ctsDefault })).servers[0]!.name, 'w');
});

test('a config edited between two loads in one process is read again, with its imports', async () => {
  const dir = await project('edited', {
    'mcp-codegen.config.ts': `import { name } from './name.js';\nexport default { servers: [{ ...${SERVER}, name }] };\n`,
    'name.ts': `export const name: string = 'first';\n`,
  });
  assert.equal((await loadConfig({ cwd: dir })).servers[0]!.name, 'first');
  await writeFile(join(dir, 'name.ts'), `export const name: string = 'second';\n`);
  assert.equal((await loadConfig({ cwd: dir })).servers[0]!.name, 'second');
});

test('a syntax error and a throw are reported with the file and line they are at', async () => {
  const syntax = await project('syntax', {
    'mcp-codegen.config.ts': `const servers: unknown[] = [${SERVER}];\nconst broken: number = ;\nexport default { servers };\n`,
  });
  assert.match(
    await failure(syntax),
    /cannot load the config file: mcp-codegen\.config\.ts:2:\d+: /,
  );

  const thrown = await project('thrown', {
    'mcp-codegen.config.ts': `import { servers } from './servers.js';\nexport default { servers: servers() };\n`,
    'servers.ts': `type S = unknown[];\n\nexport function servers(): S {\n  throw new Error('no servers today');\n}\n`,
  });
  assert.match(
    await failure(thrown),
    /cannot load the config file: servers\.ts:4:9: no servers today/,
    'the line in the TypeScript source, in the imported file',
  );

  // Plain JavaScript that throws: Node ran it first, and jiti runs it again to say where.
  const plain = await project('thrown-plain', {
    'mcp-codegen.config.ts': `const servers = () => {\n  throw new Error('plain failure');\n};\nexport default { servers: servers() };\n`,
  });
  assert.match(
    await failure(plain),
    /cannot load the config file: mcp-codegen\.config\.ts:2:9: plain failure/,
  );
  assert.deepEqual(await readdir(plain), ['mcp-codegen.config.ts'], 'no copy left behind');
});

test('no file cache inside a project without node_modules; node_modules/.cache/jiti where there is one', async () => {
  const bare = await project('bare', {
    'mcp-codegen.config.ts': `export default { servers: [${SERVER}] as unknown[] };\n`,
  });
  await loadConfig({ cwd: bare });
  assert.equal(existsSync(join(bare, 'node_modules')), false);

  const installed = await project('installed', {
    'mcp-codegen.config.ts': `export default { servers: [${SERVER}] as unknown[] };\n`,
  });
  await mkdir(join(installed, 'node_modules'));
  await loadConfig({ cwd: installed });
  assert.equal(existsSync(join(installed, 'node_modules/.cache/jiti')), true);
});

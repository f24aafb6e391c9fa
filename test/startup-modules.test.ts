/**
 * What each entry point loads, recorded by a module hook in a child process running the compiled
 * package (dist/, as users run it): start-up cost is mostly module loading, so the budget is kept by
 * keeping heavy libraries out of the paths that do not need them.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { aggregateProject } from './helpers/aggregate-project.js';
import { freshExampleProject } from './helpers/fresh-project.js';
import { bin, repoRoot } from './helpers/paths.js';

const exec = promisify(execFile);
/** What generating loads, and a check that can be answered without generating must not. */
const GENERATOR = [
  'ts-morph',
  'json-schema-to-typescript',
  'ajv',
  'ajv-formats',
  '@modelcontextprotocol/sdk',
];
const HEAVY = [
  'ts-morph',
  'prettier',
  'json-schema-to-typescript',
  '@modelcontextprotocol/sdk',
  'jiti',
  'cosmiconfig',
];

/** Run `args` with a resolve hook that appends every resolved module URL to a log; returns the URLs. */
async function loadedBy(
  args: string[],
  cwd = repoRoot,
): Promise<{ urls: string[]; code: number; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-codegen-modules-'));
  const log = join(dir, 'loaded.txt');
  const hooks = join(dir, 'hooks.mjs');
  await writeFile(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}`,
  );
  const register = join(dir, 'register.mjs');
  await writeFile(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  try {
    let code = 0;
    let output = '';
    try {
      const done = await exec(
        process.execPath,
        ['--import', pathToFileURL(register).href, ...args],
        { cwd },
      );
      output = done.stdout + done.stderr;
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      code = e.code ?? -1;
      output = (e.stdout ?? '') + (e.stderr ?? '');
    }
    const urls = (await readFile(log, 'utf8').catch(() => ''))
      .split('\n')
      .filter((u) => u.startsWith('file:'));
    return { urls: [...new Set(urls)], code, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function packagesIn(urls: string[]): string[] {
  const names = urls.flatMap((u) => {
    const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u);
    return m ? [m[1]!] : [];
  });
  return [...new Set(names)].sort();
}

function ours(urls: string[]): string[] {
  const dist = pathToFileURL(join(repoRoot, 'dist')).href + '/';
  return urls
    .filter((u) => u.startsWith(dist))
    .map((u) => u.slice(dist.length))
    .sort();
}

test("the package entry ('mcp-codegen', where defineConfig lives) loads only itself, the config helper and the errors", async () => {
  const { urls, code, output } = await loadedBy([
    '--input-type=module',
    '-e',
    "import { defineConfig } from 'mcp-codegen'; defineConfig({ servers: [] });",
  ]);
  assert.equal(code, 0, output);
  assert.deepEqual(ours(urls), ['config/define.js', 'index.js', 'shared/errors.js']);
  assert.deepEqual(packagesIn(urls), []);
});

test('--help loads the CLI core and no command, no library', async () => {
  const { urls, code, output } = await loadedBy([bin, '--help']);
  assert.equal(code, 0, output);
  assert.deepEqual(ours(urls), [
    'cli/io.js',
    'cli/main.js',
    'cli/report-error.js',
    'shared/errors.js',
  ]);
  assert.deepEqual(packagesIn(urls), []);
});

test('diff never loads the generator stack or the MCP SDK; without a config, not even the config loader', async () => {
  const base = join(repoRoot, 'fixtures/diff/base.json');
  const head = join(repoRoot, 'fixtures/diff/head.json');
  const bare = await mkdtemp(join(tmpdir(), 'mcp-codegen-noconfig-'));
  try {
    const { urls, output } = await loadedBy([bin, 'diff', base, head, '--fail-on', 'none'], bare);
    assert.match(output, /tool/i, 'diff ran');
    assert.deepEqual(
      packagesIn(urls).filter((p) => HEAVY.includes(p)),
      [],
    );
    assert.ok(ours(urls).includes('diff/engine.js'));
    // `--impact` is what loads ts-morph and the model's planner; a plain diff reaches neither.
    assert.deepEqual(
      ours(urls).filter((f) => f.startsWith('impact/') || f.startsWith('model/')),
      [],
    );
  } finally {
    await rm(bare, { recursive: true, force: true });
  }
  // In the repo a .ts config is found, so its policy is loaded: the loader, but still no generator.
  const withConfig = await loadedBy([bin, 'diff', base, head, '--fail-on', 'none']);
  const loaded = packagesIn(withConfig.urls);
  assert.ok(loaded.includes('cosmiconfig'), 'the config was loaded');
  assert.ok(!loaded.includes('jiti'), "the repo's .ts config is plain JavaScript: Node loads it");
  // Node's own resolver saw the config's `import { defineConfig } from 'mcp-codegen'`: the package
  // was loaded natively, not compiled into the config by the loader.
  assert.ok(ours(withConfig.urls).includes('index.js'), ours(withConfig.urls).join(', '));
  for (const heavy of [
    'ts-morph',
    'prettier',
    'json-schema-to-typescript',
    '@modelcontextprotocol/sdk',
  ])
    assert.ok(!loaded.includes(heavy), `${heavy} loaded`);
});

test('generate --check --offline on a fresh clone answers from the manifest: no generator, no Ajv, no emit stack', async () => {
  const { dir } = freshExampleProject('modules-fresh');
  try {
    await exec(process.execPath, [bin, 'generate', '--offline', '--no-cache', '--quiet'], {
      cwd: dir,
    });
    const { urls, code, output } = await loadedBy([bin, 'generate', '--check', '--offline'], dir);
    assert.equal(code, 0, output);
    assert.match(output, /matches its manifest for this catalog/);
    const loaded = packagesIn(urls);
    for (const heavy of [...GENERATOR, 'jiti'])
      assert.ok(!loaded.includes(heavy), `${heavy} loaded: ${loaded.join(', ')}`);
    const stages = ours(urls).filter((f) => /^(model|schema|emit)\//.test(f));
    assert.deepEqual(
      stages,
      ['emit/format/prettier-options.js'],
      'only the prettier options resolver',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('generate --check --offline of an aggregate answers from the manifests: no generator, no model, no emit stack', async () => {
  const { dir } = await aggregateProject('modules-aggregate');
  try {
    await exec(process.execPath, [bin, 'generate', '--offline', '--no-cache', '--quiet'], {
      cwd: dir,
    });
    const { urls, code, output } = await loadedBy([bin, 'generate', '--check', '--offline'], dir);
    assert.equal(code, 0, output);
    assert.match(output, /aggregate Tools: g\/tools\/ matches its manifest/);
    const loaded = packagesIn(urls);
    for (const heavy of [...GENERATOR, 'jiti'])
      assert.ok(!loaded.includes(heavy), `${heavy} loaded: ${loaded.join(', ')}`);
    const stages = ours(urls).filter((f) => /^(model|schema|emit)\//.test(f));
    assert.deepEqual(
      stages,
      ['emit/format/prettier-options.js'],
      'only the prettier options resolver',
    );
    assert.ok(!ours(urls).includes('generate/aggregate-render.js'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("generate --check on a cached catalog (another generator's manifest) does not load the generator either", async () => {
  const { dir } = freshExampleProject('modules-cached');
  try {
    await exec(process.execPath, [bin, 'generate', '--offline', '--quiet'], { cwd: dir });
    // A manifest the hashes cannot vouch for: the check falls back to the cache the run above filled.
    const manifest = join(dir, 'client/mcp-codegen.manifest.json');
    const text = await readFile(manifest, 'utf8');
    await writeFile(
      manifest,
      text.replace(/"generator": "[^"]*"/, '"generator": "mcp-codegen@0.0.1"'),
    );
    const { urls, code, output } = await loadedBy([bin, 'generate', '--check', '--offline'], dir);
    assert.equal(code, 0, output);
    assert.match(output, /is cached for this catalog/);
    const loaded = packagesIn(urls);
    for (const heavy of GENERATOR)
      assert.ok(!loaded.includes(heavy), `${heavy} loaded: ${loaded.join(', ')}`);
    assert.ok(!ours(urls).includes('emit/emit.js'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('diff --impact loads ts-morph and the impact stage, for the project it reads', async () => {
  const fixture = join(repoRoot, 'fixtures/impact');
  const { urls, output } = await loadedBy([
    bin,
    'diff',
    join(fixture, 'A.snapshot.json'),
    join(fixture, 'B.snapshot.json'),
    '--impact',
    '--project',
    join(fixture, 'project/tsconfig.json'),
    '--fail-on',
    'none',
  ]);
  // The fixture's client is generated only in the impact tests: here the run stops at finding it.
  assert.match(output, /no generated client/);
  assert.ok(packagesIn(urls).includes('ts-morph'), 'ts-morph loaded');
  assert.ok(ours(urls).includes('impact/index.js'));
});

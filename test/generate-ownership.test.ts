/**
 * The output folder is owned: `generate` removes the files it made before and no longer makes, and
 * never a file it did not make; `--check` names such a file. Real runs of the CLI in temp folders.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { tmpRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';

const tool = (name: string) => ({
  name,
  description: `Does ${name}.`,
  inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
});

async function project(name: string) {
  const work = join(tmpRoot, `${name}-${process.pid}`);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const catalog = (names: string[]) =>
    writeFile(join(work, 'c.json'), JSON.stringify({ tools: names.map(tool) }));
  const cli = (...args: string[]) =>
    runCli(['generate', '--snapshot', 'c.json', '--out', 'out', '--name', 'git', ...args], {
      cwd: work,
      env: { NO_COLOR: '1' },
    });
  return { work, out: join(work, 'out'), catalog, cli };
}

test("per-tool: a removed tool's file is removed, a user file stays, and one put back by hand fails --check by name", async () => {
  const { out, catalog, cli } = await project('ownership-per-tool');
  await catalog(['git_add', 'git_log', 'git_status']);
  const first = await cli('--layout', 'per-tool');
  assert.equal(first.code, 0, first.stderr);
  const before = (await readdir(join(out, 'tools'))).sort();
  const added = before.find((f) => f.includes('add'))!;
  assert.ok(added, before.join(', '));
  const addedText = await readFile(join(out, 'tools', added), 'utf8');
  // The user's own files in the folder, one with a name a generated file could have had.
  await writeFile(join(out, 'tools', 'mine.ts'), 'export const mine = 1;\n');
  await writeFile(join(out, 'NOTES.md'), '# my notes\n');

  await catalog(['git_log', 'git_status']);
  const second = await cli('--layout', 'per-tool');
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stderr, new RegExp(`removed out/tools/${added} \\(no longer generated\\)`));
  assert.equal(existsSync(join(out, 'tools', added)), false, 'the removed tool’s file is gone');
  assert.equal(await readFile(join(out, 'tools', 'mine.ts'), 'utf8'), 'export const mine = 1;\n');
  assert.equal(await readFile(join(out, 'NOTES.md'), 'utf8'), '# my notes\n');
  const fresh = await cli('--layout', 'per-tool', '--check');
  assert.equal(fresh.code, 0, fresh.stderr);

  // The stale file put back by hand: ours by its header, though the manifest no longer lists it.
  await writeFile(join(out, 'tools', added), addedText);
  const check = await cli('--layout', 'per-tool', '--check');
  assert.equal(check.code, 1, check.stderr);
  assert.match(
    check.stderr,
    new RegExp(
      `obsolete out/tools/${added}: no longer generated; run \`mcp-codegen generate\` to remove it`,
    ),
  );
  assert.match(check.stderr, /^stale: 1 of /m);
});

test('a switch of layout removes the other layout’s files, both ways, and --check names one put back', async () => {
  const { out, catalog, cli } = await project('ownership-layout');
  await catalog(['git_add', 'git_log']);
  assert.equal((await cli('--layout', 'single')).code, 0);
  const toolsTs = await readFile(join(out, 'tools.ts'), 'utf8');

  const perTool = await cli('--layout', 'per-tool');
  assert.equal(perTool.code, 0, perTool.stderr);
  assert.match(perTool.stderr, /removed out\/tools\.ts \(no longer generated\)/);
  assert.equal(existsSync(join(out, 'tools.ts')), false);
  assert.ok(existsSync(join(out, 'catalog.json')));

  await writeFile(join(out, 'tools.ts'), toolsTs);
  const check = await cli('--layout', 'per-tool', '--check');
  assert.equal(check.code, 1, check.stderr);
  assert.match(check.stderr, /obsolete out\/tools\.ts: no longer generated/);
  await rm(join(out, 'tools.ts'));

  const single = await cli('--layout', 'single');
  assert.equal(single.code, 0, single.stderr);
  for (const gone of ['catalog.json', 'README.md'])
    assert.match(single.stderr, new RegExp(`removed out/${gone} \\(no longer generated\\)`));
  assert.equal(existsSync(join(out, 'catalog.json')), false, 'listed in the manifest: removed');
  assert.equal(existsSync(join(out, 'tools')), false, 'the emptied tools/ folder is gone');
  assert.ok(existsSync(join(out, 'tools.ts')));
  assert.equal((await cli('--layout', 'single', '--check')).code, 0);
});

test('a folder generated before manifests: its header proves what is ours, and a user file stays', async () => {
  const { out, catalog, cli } = await project('ownership-legacy');
  await catalog(['git_add', 'git_log']);
  assert.equal((await cli('--layout', 'per-tool')).code, 0);
  await rm(join(out, 'mcp-codegen.manifest.json'));
  await writeFile(join(out, 'tools', 'mine.ts'), '// my own\nexport const mine = 1;\n');
  const added = (await readdir(join(out, 'tools'))).find((f) => f.includes('add'))!;

  await catalog(['git_log']);
  const again = await cli('--layout', 'per-tool');
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, new RegExp(`removed out/tools/${added}`));
  assert.ok(existsSync(join(out, 'tools', 'mine.ts')));
  assert.ok(existsSync(join(out, 'mcp-codegen.manifest.json')), 'the manifest is written now');
});

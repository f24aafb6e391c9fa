/**
 * `generate --check --offline` of an aggregate on a fresh clone (no cache): its folder's manifest
 * answers from hashes when the joined servers' catalogs, the aggregate's and the servers' options,
 * the generator and the prettier options are the ones it records; otherwise the check generates the
 * aggregate in memory and compares bytes. Either way a hand edit, a changed snapshot of a joined
 * server, a changed aggregate option or a changed prettier option fails and names the file, and
 * `--no-cache` (which never decides by hash) gives the same answer.
 */
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { aggregateProject, type AggregateProject } from './helpers/aggregate-project.js';
import { runCli } from './helpers/servers.js';
import { withFileChanged } from './helpers/fresh-project.js';

let dir = '';
let config: AggregateProject['config'];
before(async () => {
  ({ dir, config } = await aggregateProject('aggregate-check'));
  const made = await runCli(['generate', '--offline', '--no-cache'], { cwd: dir });
  assert.equal(made.code, 0, made.stderr);
});
after(() => rm(dir, { recursive: true, force: true }));

const CHANGED = /^ {2}changed {2}(\S+)$/gm;

/** A check as CI runs it on a clone, and the same check with --no-cache: never decided by hash. */
async function freshCheck() {
  await rm(join(dir, 'node_modules'), { recursive: true, force: true });
  const result = await runCli(['generate', '--check', '--offline'], { cwd: dir });
  const generated = await runCli(['generate', '--check', '--offline', '--no-cache'], { cwd: dir });
  const changed = (stderr: string) => [...stderr.matchAll(CHANGED)].map((m) => m[1]!).sort();
  assert.deepEqual(
    { code: generated.code, changed: changed(generated.stderr) },
    { code: result.code, changed: changed(result.stderr) },
    `the same answer by hash and by bytes:\n${result.stderr}\n---\n${generated.stderr}`,
  );
  return {
    ...result,
    changed: changed(result.stderr),
    aggregateByManifest: /aggregate Tools: g\/tools\/ matches its manifest/.test(result.stderr),
  };
}

/** Change a file, run the check, put the file back. */
const withChange = (file: string, change: (text: string) => string) =>
  withFileChanged(file, change, freshCheck);

test('fresh clone: --check --offline answers the aggregate from its manifest', async () => {
  const check = await freshCheck();
  assert.equal(check.code, 0, check.stderr);
  assert.ok(check.aggregateByManifest, check.stderr);
  assert.match(check.stderr, /g\/tools\/ matches its manifest for these catalogs \(2 files/);
  assert.doesNotMatch(check.stderr, /flat tools over/, 'the aggregate was not generated');
});

test('fresh clone: a hand edit to an aggregate file fails by hash and names it', async () => {
  const check = await withChange(join(dir, 'g/tools/index.ts'), (t) => `${t}// mine\n`);
  assert.equal(check.code, 1, check.stderr);
  assert.ok(check.aggregateByManifest, 'decided from the manifest');
  assert.deepEqual(check.changed, ['g/tools/index.ts']);
});

test("fresh clone: a changed snapshot of a joined server fails and names the aggregate's file", async () => {
  const check = await withChange(join(dir, 'mcp/db.snapshot.json'), (text) =>
    text.replace('Search the database rows.', 'Search the rows of the database.'),
  );
  assert.equal(check.code, 1, check.stderr);
  assert.equal(check.aggregateByManifest, false);
  assert.ok(check.changed.includes('g/tools/index.ts'), check.stderr);
  assert.ok(check.changed.includes('g/db/tools.ts'), check.stderr);
});

test('fresh clone: a changed conflicts policy fails and names the aggregate files', async () => {
  const file = join(dir, 'mcp-codegen.config.json');
  const check = await withChange(file, () =>
    JSON.stringify({ ...config, aggregate: { ...config.aggregate, conflicts: 'priority' } }),
  );
  assert.equal(check.code, 1, check.stderr);
  assert.equal(check.aggregateByManifest, false);
  assert.deepEqual(check.changed, [
    'g/tools/index.ts',
    'g/tools/mcp-codegen.manifest.json',
    'g/tools/schemas.ts',
  ]);
});

test('fresh clone: a changed prettier option fails and names the aggregate file it formats', async () => {
  const rc = join(dir, 'g/tools/.prettierrc.json');
  await writeFile(rc, JSON.stringify({ printWidth: 60 }));
  try {
    const check = await freshCheck();
    assert.equal(check.code, 1, check.stderr);
    assert.equal(check.aggregateByManifest, false);
    assert.ok(check.changed.includes('g/tools/index.ts'), check.stderr);
    assert.ok(!check.changed.some((f) => !f.startsWith('g/tools/')), 'only the aggregate');
  } finally {
    await rm(rc);
  }
});

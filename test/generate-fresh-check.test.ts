/**
 * `generate --check --offline` on a fresh clone: no cache anywhere, so the output folder's manifest
 * answers from hashes when the inputs are the ones it records, and otherwise the check generates in
 * memory and compares bytes. Either way a hand edit, a changed snapshot, a changed option or a changed
 * prettier config fails and names the file; another generator's byte-identical output passes.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { freshExampleProject, withFileChanged } from './helpers/fresh-project.js';
import { runCli } from './helpers/servers.js';

const { dir, config } = freshExampleProject('fresh-check');
after(() => rm(dir, { recursive: true, force: true }));
const client = join(dir, 'client');

/** A check as CI runs it on a clone: the cache the previous run may have made is deleted first. */
async function freshCheck() {
  await rm(join(dir, 'node_modules'), { recursive: true, force: true });
  const result = await runCli(['generate', '--check', '--offline'], { cwd: dir });
  return { ...result, byManifest: /matches its manifest/.test(result.stderr) };
}

/** "fresh: N generated files match", N the manifest's files and the manifest itself. */
async function allFresh(): Promise<RegExp> {
  const manifest = JSON.parse(
    await readFile(join(client, 'mcp-codegen.manifest.json'), 'utf8'),
  ) as { files: unknown[] };
  return new RegExp(`fresh: ${manifest.files.length + 1} generated files match`);
}

/** Change a file, run the check, put the file back. */
const withChange = (file: string, change: (text: string) => string) =>
  withFileChanged(file, change, freshCheck);

test('fresh clone: generate, then --check --offline answers from the manifest', async () => {
  const made = await runCli(['generate', '--offline', '--no-cache'], { cwd: dir });
  assert.equal(made.code, 0, made.stderr);
  assert.ok(existsSync(join(client, 'mcp-codegen.manifest.json')));
  const check = await freshCheck();
  assert.equal(check.code, 0, check.stderr);
  assert.ok(check.byManifest, check.stderr);
  assert.match(check.stderr, await allFresh());
});

test('fresh clone: a hand edit to a generated file fails by hash and names it', async () => {
  const check = await withChange(join(client, 'client.ts'), (t) => `${t}// mine\n`);
  assert.equal(check.code, 1, check.stderr);
  assert.ok(check.byManifest, 'decided from the manifest');
  assert.match(check.stderr, /^ {2}changed {2}client\/client\.ts$/m);
  assert.doesNotMatch(check.stderr, /changed {2}client\/(?!client\.ts)/m, 'only that file');
});

test('fresh clone: a changed description in the snapshot fails and names the file it reaches', async () => {
  const check = await withChange(join(dir, 'weather.snapshot.json'), (text) => {
    const snapshot = JSON.parse(text) as { tools: Array<{ description?: string }> };
    snapshot.tools[0]!.description = `${snapshot.tools[0]!.description ?? ''} Now changed.`;
    return JSON.stringify(snapshot, null, 2);
  });
  assert.equal(check.code, 1, check.stderr);
  assert.equal(check.byManifest, false);
  // The description is written in full on the class method only (the function's doc is its summary).
  assert.match(check.stderr, /^ {2}changed {2}client\/client\.ts$/m);
});

test('fresh clone: a changed prettier option fails and names the files it formats', async () => {
  const rc = join(dir, '.prettierrc.json');
  await writeFile(rc, JSON.stringify({ printWidth: 60 }));
  try {
    const check = await freshCheck();
    assert.equal(check.code, 1, check.stderr);
    assert.equal(check.byManifest, false);
    assert.match(check.stderr, /^ {2}changed {2}client\/tools\.ts$/m);
  } finally {
    await rm(rc);
  }
});

test('fresh clone: a changed option fails and names the file', async () => {
  const file = join(dir, 'mcp-codegen.config.json');
  const check = await withChange(file, () => {
    const changed = structuredClone(config) as { servers: Array<Record<string, unknown>> };
    delete changed.servers[0]!.errors;
    return JSON.stringify(changed);
  });
  assert.equal(check.code, 1, check.stderr);
  assert.equal(check.byManifest, false);
  assert.match(check.stderr, /^ {2}changed {2}client\/tools\.ts$/m);
});

test('fresh clone: another generator version with byte-identical output passes', async () => {
  const manifest = join(client, 'mcp-codegen.manifest.json');
  const check = await withChange(manifest, (text) =>
    text.replace(/"generator": "[^"]*"/, '"generator": "mcp-codegen@0.0.1+000000000000"'),
  );
  assert.equal(check.code, 0, check.stderr);
  assert.equal(check.byManifest, false, 'not trusted from hashes: generated and compared');
  assert.match(check.stderr, await allFresh());
  // And nothing is left out of step: the unchanged folder is decided by the manifest again.
  assert.ok((await freshCheck()).byManifest);
});

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { main } from '../src/cli/main.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';

// "No input in fixtures/ gives exit 70": every catalog and diff snapshot under fixtures/ goes through
// `diff` against itself and `generate --check`, in process: the answer is an exit code the CLI documents.
// (The rule cases in fixtures/diff/rules are diffed by diff-rules.test.ts; random schemas by property-schemas.test.ts.)
function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'golden' ? [] : jsonFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

async function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = '';
  stdout.resume();
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await main(args, { stdout, stderr, cwd: repoRoot, env: {} });
  return { code, stderr: err };
}

const files = jsonFiles(join(repoRoot, 'fixtures')).sort();

const snapshots = files.filter((f) =>
  /fixtures\/(catalogs\/[^/]+|diff\/(base|head))\.json$/.test(f),
);

test('every catalog and diff snapshot in fixtures/ diffs against itself without an internal error', async () => {
  assert.ok(snapshots.length >= 11, `found ${snapshots.length} snapshots`);
  for (const file of snapshots) {
    const { code, stderr } = await cli(['diff', file, file, '--format', 'json']);
    assert.equal(code, 0, `${relative(repoRoot, file)}: exit ${code}\n${stderr}`);
  }
});

test('every catalog and diff snapshot in fixtures/ generates without an internal error', async () => {
  for (const file of snapshots) {
    const { code, stderr } = await cli([
      'generate',
      '--snapshot',
      file,
      '--out',
      join(tmpRoot, 'exit-codes', 'out'),
      '--check',
    ]);
    // --check against an empty folder: 1 (stale) is the expected answer; 70 never is.
    assert.equal(code, 1, `${relative(repoRoot, file)}: exit ${code}\n${stderr}`);
    assert.doesNotMatch(stderr, /internal error/, relative(repoRoot, file));
  }
});

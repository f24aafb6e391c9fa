/**
 * templates/runtime.ts is copied verbatim into users' projects, so it must compile under the
 * strictest settings they may use (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes,
 * verbatimModuleSyntax, erasableSyntaxOnly for Node's type stripping) in both NodeNext and Bundler
 * resolution, and depend only on the SDK and what the SDK already depends on.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { repoRoot } from './helpers/runtime-fixture.js';

const run = promisify(execFile);
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

for (const mode of ['nodenext', 'bundler']) {
  test(`runtime.ts and the SDK Client assignability check compile strictly with ${mode} resolution`, async () => {
    const config = join(repoRoot, 'test', 'fixtures-tsconfig', `tsconfig.${mode}.json`);
    const { stdout, stderr } = await run(process.execPath, [tsc, '-p', config], { cwd: repoRoot }).catch(
      (error: { stdout: string; stderr: string; code: number }) => {
        assert.fail(`tsc -p ${config} exited with ${error.code}:\n${error.stdout}${error.stderr}`);
      },
    );
    assert.equal(stdout + stderr, '');
  });
}

test('runtime.ts imports only the SDK, ajv and ajv-formats', async () => {
  const source = await readFile(join(repoRoot, 'templates', 'runtime.ts'), 'utf8');
  const specifiers = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
  assert.ok(specifiers.length > 0);
  const allowed = /^(@modelcontextprotocol\/sdk\/.+|ajv|ajv\/dist\/(2019|2020)\.js|ajv-formats)$/;
  assert.deepEqual(specifiers.filter((s) => !allowed.test(s)), []);
  assert.doesNotMatch(source, /\b(require|process|Buffer)\b\s*[.(]/, 'no Node globals: the client also runs in browsers');
});

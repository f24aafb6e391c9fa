/**
 * templates/runtime.ts is copied verbatim into users' projects, so it must compile under the
 * strictest settings they may use (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes,
 * verbatimModuleSyntax, erasableSyntaxOnly for Node's type stripping) in both NodeNext and Bundler
 * resolution, and import nothing but its own files: no SDK, no validator library, no Node built-ins.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { RUNTIME_TEMPLATES } from '../src/emit/emit.js';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './helpers/runtime-fixture.js';
import { tscProject } from './helpers/tsc.js';

for (const mode of ['nodenext', 'bundler']) {
  test(`runtime.ts and the SDK Client assignability check compile strictly with ${mode} resolution`, async () => {
    const config = join(repoRoot, 'test', 'fixtures-tsconfig', `tsconfig.${mode}.json`);
    const { ok, output } = await tscProject(config, repoRoot);
    assert.equal(output, '', `tsc -p ${config}`);
    assert.ok(ok);
  });
}

test('the runtime templates import only each other: no SDK, no ajv, no Node built-ins, no code generation', async () => {
  for (const name of RUNTIME_TEMPLATES) {
    const source = await readFile(join(repoRoot, 'templates', name), 'utf8');
    const specifiers = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map(
      (m) => m[1]!,
    );
    const own = RUNTIME_TEMPLATES.map((t) => `./${t.replace(/\.ts$/, '.js')}`);
    assert.deepEqual(
      specifiers.filter((s) => !own.includes(s)),
      [],
      name,
    );
    assert.doesNotMatch(
      source,
      /\b(require|process|Buffer)\b\s*[.(]/,
      `${name}: no Node globals, the client also runs in browsers`,
    );
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, ''); // comments may name what the code avoids
    assert.doesNotMatch(
      code,
      /\bnew Function\b|\beval\s*\(|\bFunction\s*\(/,
      `${name}: no code generation at run time`,
    );
  }
});

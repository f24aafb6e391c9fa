import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { typecheck } from './helpers/tsc.js';

// The README's usage example, type-checked against the committed example client, so the docs
// cannot drift from what the generator emits.
test('the README usage example compiles against the example client', async () => {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const block = /Using it:\s*```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'README has a "Using it:" ts block');
  const dir = join(tmpRoot, 'readme');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'usage.ts'), block.replace("'./examples/weather/client/index.js'", "'../../../examples/weather/client/index.js'") + '\nexport {};\n');
  for (const resolution of ['nodenext', 'bundler'] as const) {
    const result = await typecheck(dir, resolution);
    assert.ok(result.ok, `tsc (${resolution}):\n${result.output.slice(0, 3000)}`);
  }
});

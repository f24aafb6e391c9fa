import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { typecheck } from './helpers/tsc.js';

// The README's function-style example compiles against the committed example client, so the docs
// of the standalone functions cannot drift from what the generator emits.
test('the README function-style example compiles against the example client', async () => {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const block = /Function style:[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'README has a "Function style:" ts block');
  assert.match(block, /getForecast\(mcp, /);
  const dir = join(tmpRoot, 'emit-readme');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'functions.ts'),
    `${block.replace("'./examples/weather/client/index.js'", "'../../../examples/weather/client/index.js'")}\nexport {};\n`,
  );
  const result = await typecheck(dir, 'nodenext');
  assert.ok(result.ok, `tsc:\n${result.output.slice(0, 3000)}`);
});

import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { typecheck } from './helpers/tsc.js';

// The README's usage example, type-checked against the committed example client, so the docs
// cannot drift from what the generator emits.
test('the README usage examples (SDK v2, v1 side by side, a result without an outputSchema) compile against the example client', async () => {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const block = /Using it:\s*```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'README has a "Using it:" ts block');
  const sideBySide = /side by side with v2[^\n]*\n\s*```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(sideBySide, 'README has the v1/v2 side-by-side ts block');
  const noSchema = /Without an outputSchema:\s*```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(noSchema, 'README has the "Without an outputSchema:" ts block');
  const dir = join(tmpRoot, 'readme');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const local = (code: string) =>
    code.replace(
      "'./examples/weather/client/index.js'",
      "'../../../examples/weather/client/index.js'",
    ) + '\nexport {};\n';
  await writeFile(join(dir, 'usage.ts'), local(block));
  await writeFile(join(dir, 'side-by-side.ts'), local(sideBySide));
  await writeFile(join(dir, 'no-schema.ts'), local(noSchema));
  for (const resolution of ['nodenext', 'bundler'] as const) {
    const result = await typecheck(dir, resolution);
    assert.ok(result.ok, `tsc (${resolution}):\n${result.output.slice(0, 3000)}`);
  }
});

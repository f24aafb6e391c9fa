/**
 * The README's exhaustive `switch (result.error.code) { … default: result.error satisfies never }`,
 * emitted for every tool of every catalog (fixtures and ../shared/catalogs) and type-checked: the
 * error type is a union with one member per code, so the pattern compiles for tools with and
 * without declared codes, and `details` narrows to the envelope type per case.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { fixtureCatalogs, sharedCatalogs, tmpRoot } from './helpers/paths.js';
import { renderCatalog, writeFiles } from './helpers/render.js';
import { typecheck } from './helpers/tsc.js';

const shared = sharedCatalogs();

test('an exhaustive switch over error codes compiles for every tool of every catalog', async (t) => {
  if (shared.skip) t.diagnostic(shared.skip);
  const root = join(tmpRoot, 'exhaustive-switch');
  let tools = 0;
  for (const file of [...fixtureCatalogs(), ...shared.files]) {
    const dir = join(root, basename(file, '.json').replace(/[^A-Za-z0-9_-]/g, '_'));
    const { files, model } = await renderCatalog(file);
    await writeFiles(dir, files);
    const cases = model.tools.map((tool, i) => {
      const codes = [
        ...tool.errorCodes.map((c) => c.code),
        '$unknown',
        '$uncoded',
        '$invalid_result',
        '$invalid_input',
      ];
      const labels = codes
        .map((code) => `    case ${JSON.stringify(code)}:\n      return error.message;`)
        .join('\n');
      return `export function handle${i}(error: T.${tool.errorType}): string {\n  switch (error.code) {\n${labels}\n    default:\n      error satisfies never;\n      return '';\n  }\n}`;
    });
    tools += cases.length;
    await writeFile(
      join(dir, 'switch.ts'),
      `import type * as T from './index.js';\n\n${cases.join('\n\n')}\n`,
    );
  }
  assert.ok(tools > 0);
  for (const resolution of ['nodenext', 'bundler'] as const) {
    const result = await typecheck(root, resolution);
    assert.ok(
      result.ok,
      `tsc (${resolution}) over ${tools} switches:\n${result.output.slice(0, 4000)}`,
    );
  }
});

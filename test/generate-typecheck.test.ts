import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { fixtureCatalogs, sharedCatalogs, tmpRoot } from './helpers/paths.js';
import { renderCatalog, writeFiles } from './helpers/render.js';
import { typecheck } from './helpers/tsc.js';

// Every real catalog and every fixture catalog becomes a client that compiles under --strict,
// with both module resolutions users have. One tsc run per resolution over all of them keeps this fast.
const shared = sharedCatalogs();
const dir = join(tmpRoot, 'typecheck');

test('generated clients compile under tsc --strict (NodeNext and Bundler)', async (t) => {
  if (shared.skip) t.diagnostic(shared.skip);
  const catalogs = [...fixtureCatalogs(), ...shared.files];
  for (const file of catalogs) {
    const { files } = await renderCatalog(file);
    await writeFiles(join(dir, basename(file, '.json').replace(/[^A-Za-z0-9_-]/g, '_')), files);
  }
  for (const resolution of ['nodenext', 'bundler'] as const) {
    const result = await typecheck(dir, resolution);
    assert.ok(result.ok, `tsc (${resolution}) reported:\n${result.output.slice(0, 4000)}`);
  }
});

test(
  'the WorldMonitor 1.21 layout: <Tool>Output is branch 0, envelopes are codes',
  { skip: shared.skip },
  async () => {
    const file = shared.files.find((f) => f.includes('v1.21-style'));
    assert.ok(file, 'worldmonitor v1.21-style catalog present');
    const catalog = JSON.parse(await readFile(file, 'utf8')) as {
      tools: Array<{ name: string; outputSchema: { anyOf: Array<{ required?: string[] }> } }>;
    };
    const { files, model } = await renderCatalog(file, 'worldmonitor');
    const types = files.find((f) => f.path === 'types.ts')!.content;
    const tools = files.find((f) => f.path === 'tools.ts')!.content;
    assert.equal(model.tools.length, catalog.tools.length);
    for (const tool of model.tools) {
      const documented = catalog.tools.find((c) => c.name === tool.tool.name)!.outputSchema
        .anyOf[0]!;
      assert.equal(tool.branches[0]!.kind, 'documented');
      assert.equal(tool.branches[0]!.typeName, tool.outputType);
      // The documented type declares every property branch 0 requires.
      const declaration =
        new RegExp(`export (interface|type) ${tool.outputType}\\b[\\s\\S]*?\\n\\}`).exec(
          types,
        )?.[0] ?? '';
      for (const key of documented.required ?? [])
        assert.match(declaration, new RegExp(`\\b${key}\\??:`), `${tool.outputType} has ${key}`);
      assert.deepEqual(
        tool.branches.map((b) => b.kind),
        ['documented', 'alternative', 'alternative', 'error', 'error'],
      );
      assert.deepEqual(
        tool.errorCodes.map((c) => c.code),
        ['_budget_exceeded', '_jmespath_error'],
      );
    }
    assert.match(tools, /BudgetExceeded: '_budget_exceeded'/);
    assert.match(tools, /JmespathError: '_jmespath_error'/);
  },
);

test(
  'WorldMonitor: _jmespath_error kinds from the config become enum members',
  { skip: shared.skip },
  async () => {
    const file = shared.files.find((f) => f.includes('v1.21-style'))!;
    const { readSnapshotFile } = await import('../src/snapshot/index.js');
    const { renderClient } = await import('../src/generate/render.js');
    const kinds = {
      expression_too_long: 'JMESPath expression over 1024 characters',
      invalid_expression: 'JMESPath parse error',
      projection_too_large: 'Projection over the output budget',
    };
    const { files } = await renderClient(
      await readSnapshotFile(file),
      { name: 'worldmonitor', errors: { server: kinds } },
      '/x',
    );
    const tools = files.find((f) => f.path === 'tools.ts')!.content;
    const first = /export const (\w+ErrorCode) = \{([\s\S]*?)\} as const;/.exec(tools);
    assert.ok(first, 'an error-code object');
    for (const member of [
      "BudgetExceeded: '_budget_exceeded'",
      "JmespathError: '_jmespath_error'",
      "ExpressionTooLong: 'expression_too_long'",
      "InvalidExpression: 'invalid_expression'",
      "ProjectionTooLarge: 'projection_too_large'",
    ]) {
      assert.ok(first[2]!.includes(member), `${first[1]} has ${member}`);
    }
    assert.match(
      first[2]!,
      /\/\*\* JMESPath expression over 1024 characters \*\//,
      'the config description documents the member',
    );
  },
);

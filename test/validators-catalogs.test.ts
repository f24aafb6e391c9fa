/**
 * Every schema of every real catalog in ../shared/catalogs (tool outputs and inputs, as the generator
 * prepares them for validation) emits into a module that loads, and judges sample values exactly as
 * Ajv compiled at run time does (templates/runtime.ts).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { test } from 'node:test';
import { ValidatorCache } from './helpers/ajv-reference.js';
import { prepareValidationSchema } from '../src/model/validation-schema.js';
import type { JsonObject } from '../src/snapshot/types.js';
import { sharedCatalogs } from './helpers/paths.js';
import { loadValidators } from './helpers/validators-module.js';

const { files, skip } = sharedCatalogs();
const SAMPLES: unknown[] = [
  {},
  null,
  'text',
  [],
  { content: [], isError: false, data: { x: 1 }, cached_at: null, stale: false },
];

// Values that reach into a schema's properties: each root property set to one kind of value, so
// nested type, enum, format, required and array checks run too.
function probes(schema: JsonObject): unknown[] {
  const properties = schema['properties'];
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return [];
  const names = Object.keys(properties);
  return [1, 'x', '2025-01-01T00:00:00Z', true, null, {}, [{}], ['x', 'x']].map((v) =>
    Object.fromEntries(names.map((n) => [n, v])),
  );
}

for (const file of files) {
  test(`${basename(file)}: every schema emits, loads and agrees with Ajv at run time`, async () => {
    const catalog = JSON.parse(await readFile(file, 'utf8')) as {
      tools?: Array<{ inputSchema?: JsonObject; outputSchema?: JsonObject }>;
    };
    const entries = (catalog.tools ?? []).flatMap((tool, i) =>
      (['inputSchema', 'outputSchema'] as const).flatMap((which) => {
        const schema = tool[which];
        return schema === undefined
          ? []
          : [
              {
                name: `${which === 'inputSchema' ? 'input' : 'output'}${i}`,
                schema: prepareValidationSchema(schema),
              },
            ];
      }),
    );
    assert.ok(entries.length > 0, 'the catalog has schemas');
    const { validators, module } = await loadValidators(entries, basename(file, '.json'));
    const cache = new ValidatorCache();
    let compileFailures = 0;
    for (const { name, schema } of entries) {
      for (const value of [...SAMPLES, ...probes(schema)]) {
        const runtime = cache.validate(schema, value);
        // The run-time cache cannot resolve `$ref: "#"` (addUsedSchema: false); the emitted validators can.
        if (runtime[0]?.message.includes("can't resolve reference # from") === true) continue;
        assert.deepEqual(validators[name]!(value), runtime, `${name}(${JSON.stringify(value)})`);
      }
      if (validators[name]!({})[0]?.keyword === '$compile') compileFailures++;
    }
    assert.equal(
      module.warnings.filter((w) => w.includes('could not be compiled')).length,
      compileFailures,
    );
  });
}

test('the shared catalogs are there', { skip }, () => assert.ok(files.length > 0));

import type { JsonObject } from '../src/snapshot/types.js';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { renderClient } from '../src/generate/render.js';
import type { ToolModel } from '../src/model/types.js';
import { parseSnapshotText } from '../src/snapshot/index.js';
import type { StandardToolSchema } from '../templates/runtime-standard.js';
import type { Validator } from '../templates/runtime-spec.js';
import { ACCEPTED } from './helpers/accepted-differences.js';
import { ValidatorCache } from './helpers/ajv-reference.js';
import { fixtureCatalogs, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { schemaDocument } from './helpers/schema-arbitrary.js';
import { sampleInstance } from './helpers/schema-sampler.js';

// Standard Schema conformance of the generated schemas.ts, over random schemas (the grammar of
// test/helpers/schema-arbitrary.ts) and the fixture catalogs: `'~standard'.validate` agrees with the
// generated validators on random and sampled instances, never returns a Promise, reports each issue's
// path as the validator's pointer; both JSON Schema targets round-trip and validate as the validators do.
const SEED = 2606;
type Checked = {
  tool: ToolModel;
  which: 'input' | 'output';
  source: unknown;
  schema: StandardToolSchema<unknown>;
  validate: Validator;
};

async function generated(name: string, catalogText: string) {
  const dir = join(tmpRoot, 'agents-standard', name);
  const snapshot = parseSnapshotText(catalogText, `${name}.json`);
  const { files, model } = await renderClient(
    snapshot,
    { name, agents: { standardSchema: true } },
    dir,
  );
  await writeFiles(dir, files);
  const load = (file: string) => import(pathToFileURL(join(dir, file)).href);
  const schemas = (await load('schemas.ts')) as Record<string, StandardToolSchema<unknown>>;
  const validators = (await load('validators.ts')) as Record<string, Validator>;
  const runtime = (await load(
    'runtime-standard.ts',
  )) as typeof import('../templates/runtime-standard.js');
  const checked: Checked[] = model.tools.flatMap((tool) => {
    const raw = snapshot.tools.find((t) => t.name === tool.tool.name)!;
    const s = tool.schemaObjects!;
    return [
      {
        tool,
        which: 'input' as const,
        validator: tool.inputValidator!,
        source: raw.inputSchema,
        name: s.input,
      },
      ...(s.output
        ? [
            {
              tool,
              which: 'output' as const,
              validator: s.outputValidator!,
              source: raw.outputSchema,
              name: s.output,
            },
          ]
        : []),
    ].map((c) => ({ ...c, schema: schemas[c.name]!, validate: validators[c.validator]! }));
  });
  return { checked, runtime };
}

const pointerOf = (path: readonly unknown[]) =>
  path
    .map(
      (k) =>
        `/${String(typeof k === 'object' ? (k as { key: PropertyKey }).key : k)
          .replace(/~/g, '~0')
          .replace(/\//g, '~1')}`,
    )
    .join('');

function agrees(schema: StandardToolSchema<unknown>, validate: Validator, value: unknown): void {
  const result = schema['~standard'].validate(value);
  assert.ok(
    !(result instanceof Promise) && typeof (result as { then?: unknown }).then !== 'function',
    'validate is synchronous',
  );
  const issues = validate(value);
  if (issues.length === 0) {
    assert.equal(result.issues, undefined);
    assert.equal((result as { value: unknown }).value, value);
  } else {
    assert.ok(result.issues, 'invalid for the validator, invalid for validate');
    assert.deepEqual(
      result.issues.map((i) => i.message),
      issues.map((i) => i.message),
    );
    assert.deepEqual(
      result.issues.map((i) => pointerOf(i.path ?? [])),
      issues.map((i) => i.pointer),
    );
  }
}

const anyJson = fc.jsonValue({ maxDepth: 4 });

async function conformance(name: string, catalogText: string, runs: number) {
  const { checked, runtime } = await generated(name, catalogText);
  const reference = new ValidatorCache();
  // Every tool has an input schema object; a catalog without tools (no-tools.json) has none to check.
  const tools = (JSON.parse(catalogText) as { tools?: unknown[] }).tools?.length ?? 0;
  assert.ok(tools === 0 ? checked.length === 0 : checked.length > 0, name);
  for (const c of checked) {
    const instances = fc.oneof(
      anyJson,
      fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((seed) => {
        try {
          return sampleInstance(c.source, seed);
        } catch {
          return null;
        }
      }),
    );
    const targets = {
      'draft-07': c.schema['~standard'].jsonSchema.input({ target: 'draft-07' }),
      'draft-2020-12': c.schema['~standard'].jsonSchema.output({ target: 'draft-2020-12' }),
    };
    // Structural round trip: each target converts back to the other unchanged.
    assert.deepEqual(
      runtime.toTarget(targets['draft-07'], 'draft-2020-12'),
      targets['draft-2020-12'],
      `${c.tool.tool.name} ${c.which}: 07 → 2020-12`,
    );
    assert.deepEqual(
      runtime.toTarget(targets['draft-2020-12'], 'draft-07'),
      targets['draft-07'],
      `${c.tool.tool.name} ${c.which}: 2020-12 → 07`,
    );
    assert.throws(
      () => c.schema['~standard'].jsonSchema.input({ target: 'openapi-3.0' }),
      /unsupported target "openapi-3.0"/,
    );
    fc.assert(
      fc.property(instances, (value) => {
        agrees(c.schema, c.validate, value);
        // Each target, read by Ajv in its own dialect, accepts exactly what the generated validator accepts.
        const valid = c.validate(value).length === 0;
        for (const [target, schema] of Object.entries(targets)) {
          const ajv = reference.validate(schema, value);
          const d = { schema: schema as JsonObject, value, ours: c.validate(value), ajv };
          if ((ajv.length === 0) !== valid && ACCEPTED.some((a) => a.explains(d))) continue;
          assert.equal(ajv.length === 0, valid, `${target} agrees on ${JSON.stringify(value)}`);
        }
      }),
      { seed: SEED, numRuns: runs },
    );
  }
}

test('random schemas: validate agrees with the validators; the JSON Schema targets round-trip', async () => {
  const tools = fc
    .sample(fc.tuple(schemaDocument, schemaDocument), { seed: SEED, numRuns: 10 })
    .map(([input, output], i) => ({
      name: `tool_${i}`,
      inputSchema: input,
      outputSchema: { type: 'object', properties: { result: output }, required: ['result'] },
    }));
  await conformance('random', JSON.stringify({ tools }), 40);
});

test('fixture catalogs: validate agrees with the validators; the JSON Schema targets round-trip', async () => {
  for (const file of fixtureCatalogs()) {
    const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
    await conformance(name, await readFile(file, 'utf8'), 15);
  }
});

test('an issue path names keys and array indexes, as Standard Schema says', async () => {
  const catalog = {
    tools: [
      {
        name: 'put',
        inputSchema: {
          type: 'object',
          properties: { 'a/b': { type: 'array', items: { type: 'string' } } },
        },
      },
    ],
  };
  const { checked } = await generated('paths', JSON.stringify(catalog));
  const result = checked[0]!.schema['~standard'].validate({ 'a/b': ['x', 2] });
  assert.deepEqual(
    result.issues?.map((i) => i.path),
    [['a/b', 1]],
  );
});

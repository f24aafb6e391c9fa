/**
 * Issue 33's proof that validation as data judges values as the compiled validators did: every input
 * and output schema of the GitHub REST corpus, of ../shared/catalogs and of fixtures/catalogs (the
 * goldens' and the hostile fixtures' schemas), prepared as the generator prepares them, goes through
 * the emitted validators.ts (run by @cfworker/json-schema, copied into the runtime) and through Ajv
 * (test/helpers/ajv-reference.ts, the oracle), on values built to pass each schema and on values that
 * each break it in one place (test/helpers/schema-probes.ts), and on generated schema documents with
 * their sampled instances. The verdicts (valid or not) must agree, except for the differences listed
 * in ACCEPTED, each with its reason; CONTRIBUTING.md ("Validation") lists the same.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { openapiCatalog } from '../bench/corpus/openapi-catalog.js';
import { prepareValidationSchema } from '../src/model/validation-schema.js';
import type { JsonObject, JsonValue } from '../src/snapshot/types.js';
import type { ValidationIssue } from '../templates/runtime.js';
import { ACCEPTED, type Disagreement } from './helpers/accepted-differences.js';
import { ValidatorCache } from './helpers/ajv-reference.js';
import { fixtureCatalogs, sharedCatalogs } from './helpers/paths.js';
import { schemaDocument } from './helpers/schema-arbitrary.js';
import { probeValues } from './helpers/schema-probes.js';
import { sampleInstance } from './helpers/schema-sampler.js';
import { loadValidators } from './helpers/validators-module.js';

interface Source {
  readonly name: string;
  readonly schemas: () => Promise<JsonObject[]>;
}

/**
 * Each distinct schema once: the validators and the probes are deterministic, so a schema the
 * catalog holds twice (the GitHub corpus: 2,124 schemas, 1,185 distinct) would be judged twice alike.
 */
const toolSchemas = (tools: ReadonlyArray<Record<string, unknown>>): JsonObject[] => {
  const distinct = new Map<string, JsonObject>();
  for (const tool of tools)
    for (const which of ['inputSchema', 'outputSchema'] as const) {
      const schema = tool[which];
      if (schema === undefined) continue;
      const prepared = prepareValidationSchema(schema as JsonValue);
      const text = JSON.stringify(prepared);
      if (!distinct.has(text)) distinct.set(text, prepared);
    }
  return [...distinct.values()];
};

const catalogSchemas = async (file: string) => {
  const catalog = JSON.parse(await readFile(file, 'utf8')) as {
    tools?: Array<Record<string, unknown>>;
  };
  return toolSchemas(catalog.tools ?? []);
};

const { files: shared } = sharedCatalogs();
const SOURCES: Source[] = [
  { name: 'GitHub REST corpus', schemas: async () => toolSchemas(openapiCatalog().tools) },
  ...shared.map((file) => ({ name: basename(file), schemas: () => catalogSchemas(file) })),
  ...fixtureCatalogs().map((file) => ({
    name: `fixtures/${basename(file)}`,
    schemas: () => catalogSchemas(file),
  })),
];

async function differences(
  label: string,
  schemas: readonly JsonObject[],
  valuesOf: (schema: JsonObject, index: number) => unknown[],
): Promise<{ unexplained: Disagreement[]; valid: number; invalid: number; accepted: number }> {
  const entries = schemas.map((schema, i) => ({ name: `s${i}`, schema }));
  const { validators } = await loadValidators(entries, label.replace(/[^\w.-]/g, '_'));
  const oracle = new ValidatorCache();
  const unexplained: Disagreement[] = [];
  let valid = 0;
  let invalid = 0;
  let accepted = 0;
  schemas.forEach((schema, i) => {
    for (const value of valuesOf(schema, i)) {
      const ours = validators[`s${i}`]!(value);
      const ajv = oracleVerdict(oracle, schema, value);
      if ((ours.length === 0) === (ajv.length === 0)) {
        if (ours.length === 0) valid++;
        else invalid++;
        continue;
      }
      const d = { schema, value, ours, ajv };
      if (ACCEPTED.some((a) => a.explains(d))) accepted++;
      else unexplained.push(d);
    }
  });
  return { unexplained, valid, invalid, accepted };
}

function oracleVerdict(
  oracle: ValidatorCache,
  schema: JsonObject,
  value: unknown,
): readonly ValidationIssue[] {
  try {
    return oracle.validate(schema, value);
  } catch (error) {
    return [{ pointer: '', message: String(error), keyword: '$throws' }];
  }
}

const show = (d: Disagreement) =>
  `${JSON.stringify(d.schema).slice(0, 300)}\n  value ${JSON.stringify(d.value)?.slice(0, 200)}\n  ours ${JSON.stringify(d.ours).slice(0, 300)}\n  ajv ${JSON.stringify(d.ajv).slice(0, 300)}`;

for (const source of SOURCES) {
  test(`${source.name}: the same verdict as Ajv on every probe, but for the accepted differences`, async (t) => {
    const schemas = await source.schemas();
    if (schemas.length === 0) return; // a resource-only fixture
    const found = await differences(source.name, schemas, (schema) => probeValues(schema));
    assert.deepEqual(
      found.unexplained.slice(0, 5).map(show),
      [],
      `${found.unexplained.length} unexplained`,
    );
    assert.ok(found.valid > 0 && found.invalid > 0, `both kinds judged: ${JSON.stringify(found)}`);
    t.diagnostic(
      `${schemas.length} distinct schemas: ${found.valid} valid, ${found.invalid} invalid, ${found.accepted} accepted differences`,
    );
  });
}

test('generated schema documents and their sampled instances: the same verdict as Ajv', async (t) => {
  const documents = fc.sample(schemaDocument, { numRuns: 150, seed: 33 }) as JsonObject[];
  const schemas = documents.map((d) => prepareValidationSchema(d as JsonValue));
  const found = await differences('generated', schemas, (schema, i) => [
    sampleInstance(documents[i], i + 1),
    sampleInstance(documents[i], i + 1000),
    ...probeValues(schema),
  ]);
  assert.deepEqual(
    found.unexplained.slice(0, 5).map(show),
    [],
    `${found.unexplained.length} unexplained`,
  );
  assert.ok(found.valid > 0 && found.invalid > 0, `both kinds judged: ${JSON.stringify(found)}`);
  t.diagnostic(
    `${schemas.length} schemas: ${found.valid} valid, ${found.invalid} invalid, ${found.accepted} accepted differences`,
  );
});

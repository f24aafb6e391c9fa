/**
 * Validation as data (issue 33): the per-validation time of a generated validator (validators.ts'
 * data run by templates/runtime-validate.ts with the copied @cfworker/json-schema) beside Ajv's
 * compiled validator (the kind validators.ts held before; Ajv is the tests' oracle now), in the same
 * run: on the corpus's largest output schema with a realistic value (bench/corpus/largest-output.ts),
 * and over every input and output schema of the shared catalogs on a value built to pass each.
 * Only values both validators accept are timed (a rejection can stop early), and schemas Ajv cannot
 * compile are counted and left out. The generated folder's size per catalog is bench/output-size.ts.
 *
 *   node --import tsx bench/validation.ts
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { prepareValidationSchema } from '../src/model/validation-schema.js';
import type { JsonObject, JsonValue } from '../src/snapshot/types.js';
import { ValidatorCache } from '../test/helpers/ajv-reference.js';
import { sharedCatalogs } from '../test/helpers/paths.js';
import { passingValue } from '../test/helpers/schema-probes.js';
import { loadValidators } from '../test/helpers/validators-module.js';
import { dereference } from '../templates/json-schema-dereference.js';
import type { Schema } from '../templates/json-schema-types.js';
import { validate } from '../templates/json-schema-validate.js';
import { forAjv, largestOutput, realisticValue } from './corpus/largest-output.js';

// Nanoseconds per call, each the median of nine rounds of `n` calls (rounds alternate between the two).
function perCallPair(a: () => unknown, b: () => unknown, n: number): [number, number] {
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round < 9; round++)
    for (const k of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const fn = k === 0 ? a : b;
      const start = performance.now();
      for (let i = 0; i < n; i++) fn();
      times[k]!.push(((performance.now() - start) * 1e6) / n);
    }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
  return [median(times[0]), median(times[1])];
}

const compiles = (oracle: ValidatorCache, schema: JsonObject) =>
  !oracle.validate(schema, null).some((i) => i.keyword === '$compile');

async function largest(oracle: ValidatorCache): Promise<void> {
  const found = largestOutput();
  const schema = prepareValidationSchema(found.schema);
  const ajvSchema = forAjv(schema) as JsonObject;
  const { validators } = await loadValidators([{ name: 'largest', schema }], 'bench');
  const ours = validators['largest']!;
  const { value, seed } = realisticValue(
    schema,
    (v) => ours(v).length === 0 && oracle.validate(ajvSchema, v).length === 0,
  );
  const [cf, ajv] = perCallPair(
    () => ours(value),
    () => oracle.validate(ajvSchema, value),
    300,
  );
  console.log(
    `largest output schema: ${found.source} ${String(found.tool['name'])} (${found.bytes} bytes), json-schema-faker value of seed ${seed} (${JSON.stringify(value).length} bytes), valid for both`,
  );
  console.log(
    `  per validation: @cfworker/json-schema ${(cf / 1000).toFixed(2)} µs, Ajv compiled ${(ajv / 1000).toFixed(2)} µs = ${(cf / ajv).toFixed(2)}×`,
  );
  // The runtime asks for every error (shortCircuit false, for its issues); stopping at the first
  // is what a valid value could be checked with, issues gathered only when it fails.
  const own = JSON.parse(JSON.stringify(schema)) as Schema;
  const lookup = dereference(own);
  const [all, first] = perCallPair(
    () => validate(value, own, '2020-12', lookup, false),
    () => validate(value, own, '2020-12', lookup, true),
    150,
  );
  console.log(
    `  @cfworker/json-schema's validate() alone: every error ${(all / 1000).toFixed(2)} µs, shortCircuit (first error) ${(first / 1000).toFixed(2)} µs = ${(all / first).toFixed(2)}×`,
  );
}

async function shared(oracle: ValidatorCache): Promise<void> {
  const all = sharedCatalogs().files.flatMap((file) => {
    const tools = (JSON.parse(readFileSync(file, 'utf8')) as { tools?: JsonObject[] }).tools ?? [];
    return tools.flatMap((t) =>
      ['inputSchema', 'outputSchema']
        .map((k) => t[k])
        .filter((s) => s !== undefined)
        .map((s) => prepareValidationSchema(s as JsonValue)),
    );
  });
  const ajvSchemas = all.map((s) => forAjv(s) as JsonObject);
  const loaded = await loadValidators(
    all.map((schema, i) => ({ name: `s${i}`, schema })),
    'bench-shared',
  );
  const ours = (i: number) => loaded.validators[`s${i}`]!;
  const values = all.map((s) => passingValue(s));
  const usable = all
    .map((_, i) => i)
    .filter((i) => compiles(oracle, ajvSchemas[i]!))
    .filter(
      (i) =>
        ours(i)(values[i]).length === 0 && oracle.validate(ajvSchemas[i]!, values[i]).length === 0,
    );
  const [cfAll, ajvAll] = perCallPair(
    () => usable.forEach((i) => ours(i)(values[i])),
    () => usable.forEach((i) => oracle.validate(ajvSchemas[i]!, values[i])),
    50,
  );
  const n = usable.length;
  console.log(
    `${all.length} shared-catalog schemas, ${n} timed (${all.length - n} left out: not compiled by Ajv, or the built value not valid for both)`,
  );
  console.log(
    `  per validation: @cfworker/json-schema ${(cfAll / n / 1000).toFixed(2)} µs, Ajv compiled ${(ajvAll / n / 1000).toFixed(2)} µs = ${(cfAll / ajvAll).toFixed(2)}×`,
  );
}

export async function main(): Promise<void> {
  const oracle = new ValidatorCache({ optimize: true });
  await largest(oracle);
  await shared(oracle);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main();

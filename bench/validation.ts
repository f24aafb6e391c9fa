/**
 * Validation as data (issue 33), as ratios from one run:
 *  - per-validation time of a generated validator (@cfworker/json-schema over validators.ts' data)
 *    beside Ajv's compiled code (what validators.ts held before), on the GitHub corpus's largest output
 *    schema with a value built to pass it, and over every schema of the shared catalogs;
 *  - per shared catalog, the generated folder's bytes (runtime copies not counted) against the
 *    snapshot's, which issue 33 holds to 1.5×.
 *
 *   node --import tsx bench/validation.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RUNTIME_TEMPLATES } from '../src/emit/emit.js';
import { prepareValidationSchema } from '../src/model/validation-schema.js';
import type { JsonObject, JsonValue } from '../src/snapshot/types.js';
import { ValidatorCache } from '../test/helpers/ajv-reference.js';
import { sharedCatalogs } from '../test/helpers/paths.js';
import { passingValue } from '../test/helpers/schema-probes.js';
import { loadValidators } from '../test/helpers/validators-module.js';
import { openapiCatalog } from './corpus/openapi-catalog.js';

const root = new URL('..', import.meta.url).pathname;

// Nanoseconds per call, best of five rounds of `n` calls.
function perCall(fn: () => unknown, n: number): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (let i = 0; i < n; i++) fn();
    best = Math.min(best, ((performance.now() - start) * 1e6) / n);
  }
  return best;
}

async function speed(): Promise<void> {
  const outputs = openapiCatalog()
    .tools.map((t) => t['outputSchema'])
    .filter((s): s is JsonObject => s !== undefined && s !== null && typeof s === 'object');
  const largest = prepareValidationSchema(
    outputs.reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a)),
  );
  const value = passingValue(largest);
  const { validators } = await loadValidators([{ name: 'largest', schema: largest }], 'bench');
  const ours = validators['largest']!;
  const oracle = new ValidatorCache();
  const ajvIssues = oracle.validate(largest, value);
  const ourIssues = ours(value);
  const n = 2000;
  const cf = perCall(() => ours(value), n);
  const ajv = perCall(() => oracle.validate(largest, value), n);
  console.log(
    `largest corpus output schema (${JSON.stringify(largest).length} bytes), value valid for ours/Ajv: ${ourIssues.length === 0}/${ajvIssues.length === 0}`,
  );
  console.log(
    `  per validation: @cfworker/json-schema ${(cf / 1000).toFixed(1)} µs, Ajv compiled ${(ajv / 1000).toFixed(1)} µs (${(cf / ajv).toFixed(2)}×)`,
  );

  const schemas = sharedCatalogs().files.flatMap((file) => {
    const tools = (JSON.parse(readFileSync(file, 'utf8')) as { tools?: JsonObject[] }).tools ?? [];
    return tools.flatMap((t) =>
      ['inputSchema', 'outputSchema']
        .map((k) => t[k])
        .filter((s) => s !== undefined)
        .map((s) => prepareValidationSchema(s as JsonValue)),
    );
  });
  const loaded = await loadValidators(
    schemas.map((schema, i) => ({ name: `s${i}`, schema })),
    'bench-shared',
  );
  const values = schemas.map((s) => passingValue(s));
  const all = (validate: (i: number) => unknown) => () => schemas.forEach((_, i) => validate(i));
  const cfAll = perCall(
    all((i) => loaded.validators[`s${i}`]!(values[i])),
    20,
  );
  const ajvAll = perCall(
    all((i) => oracle.validate(schemas[i]!, values[i])),
    20,
  );
  console.log(
    `  ${schemas.length} shared-catalog schemas: ${(cfAll / schemas.length / 1000).toFixed(1)} µs vs Ajv compiled ${(ajvAll / schemas.length / 1000).toFixed(1)} µs a validation (${(cfAll / ajvAll).toFixed(2)}×)`,
  );
}

function sizes(): void {
  const work = join(root, 'test/.tmp/bench-validation');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const runtime = new Set([...RUNTIME_TEMPLATES, 'mcp-codegen.manifest.json']);
  for (const file of sharedCatalogs().files) {
    const out = join(work, basename(file, '.json'));
    execFileSync(
      process.execPath,
      [
        join(root, 'bin/mcp-codegen.js'),
        'generate',
        '--snapshot',
        file,
        '--out',
        out,
        '--name',
        'c',
        '--no-cache',
      ],
      { stdio: 'ignore' },
    );
    const bytes = readdirSync(out)
      .filter((f) => !runtime.has(f))
      .reduce((sum, f) => sum + statSync(join(out, f)).size, 0);
    const snapshot = statSync(file).size;
    console.log(
      `  ${basename(file).padEnd(60)} generated ${String(bytes).padStart(8)} B / snapshot ${String(snapshot).padStart(8)} B = ${(bytes / snapshot).toFixed(2)}×`,
    );
  }
}

export async function main(): Promise<void> {
  await speed();
  console.log('generated folder (runtime not counted) against the snapshot, per shared catalog:');
  sizes();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

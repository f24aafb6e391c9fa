/**
 * The validator compiler against a peer (issue 29): what we have (src/emit/validators/, Ajv's
 * standalone code rewritten) against @exodus/schemasafe 1.3.0 (a code-generating validator made for
 * untrusted schemas, with `toModule()` output), on the same schemas, as the generator prepares them
 * for validation (prepareValidationSchema):
 *  - the GitHub corpus (bench/corpus/openapi-catalog.ts), outputs and inputs;
 *  - the real catalogs of ../shared/catalogs (bench/validators.ts `catalogFiles`), outputs and inputs;
 *  - 150 generated schema documents (test/helpers/schema-arbitrary.ts), with one accepted value each
 *    from test/helpers/schema-sampler.ts.
 * Per set: compile time, module size, how many schemas each cannot compile (and why), whether the
 * module contains `eval` or `Function`, and a differential run over probe values, both modules loaded
 * from their files: whether they agree on valid and invalid, and whether the first error points at
 * the same place. schemasafe runs in its `lax` mode with errors (`includeErrors`, `allErrors`), the
 * mode that accepts what servers send (`nullable`, unknown formats); its default, strict mode is
 * counted too, as how many schemas it refuses.
 *
 *   node --import tsx bench/validators-peer.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { validator } from '@exodus/schemasafe';
import type { Schema, ValidatorOptions } from '@exodus/schemasafe';
import fc from 'fast-check';
import { emitValidatorModule } from '../src/emit/validators.js';
import type { ValidatorEntry } from '../src/emit/validators.js';
import { prepareValidationSchema } from '../src/model/validation-schema.js';
import type { JsonObject } from '../src/snapshot/types.js';
import type { ValidationIssue } from '../templates/runtime.js';
import { schemaDocument } from '../test/helpers/schema-arbitrary.js';
import { sampleInstance } from '../test/helpers/schema-sampler.js';
import { openapiCatalog } from './corpus/openapi-catalog.js';
import { catalogFiles, entriesOf } from './validators.js';

const root = new URL('..', import.meta.url).pathname;
const work = join(root, 'test/.tmp/bench-validators-peer');

// OpenAPI's number formats, as src/emit/validators/format-helpers.ts checks them.
const FORMATS = {
  int32: (v: unknown) => typeof v !== 'number' || (Number.isInteger(v) && Math.abs(v) < 2 ** 31),
  int64: (v: unknown) => typeof v !== 'number' || Number.isInteger(v),
  float: () => true,
  double: () => true,
};
const LAX: ValidatorOptions = {
  mode: 'lax',
  includeErrors: true,
  allErrors: true,
  $schemaDefault: 'https://json-schema.org/draft/2020-12/schema',
  formats: FORMATS as unknown as ValidatorOptions['formats'],
};
const STRICT: ValidatorOptions = { ...LAX, mode: 'default' };
const EVAL = /\beval\s*\(|\bFunction\s*\(/;

type Check = (value: unknown) => readonly ValidationIssue[];
interface PeerCheck {
  (value: unknown): boolean;
  errors?: Array<{ instanceLocation: string; keywordLocation: string }>;
}

/** Probe values: a few of every kind, and each root property set to each kind in turn. */
function probes(schema: JsonObject, extra: unknown[] = []): unknown[] {
  const kinds: unknown[] = [null, 'text', 1.5, -1, [], {}, true, [1, 'a'], { a: 1 }];
  const values = [...extra, ...kinds];
  const properties = schema['properties'];
  if (properties !== null && typeof properties === 'object' && !Array.isArray(properties))
    for (const name of Object.keys(properties).slice(0, 20))
      for (const kind of kinds) values.push({ [name]: kind });
  return values;
}

const reasonOf = (error: unknown) =>
  String(error instanceof Error ? error.message : error)
    .replace(/ at #.*$/, '')
    .replace(/"[^"]*"|'[^']*'/g, '…')
    .slice(0, 70);

async function importModule(file: string, text: string): Promise<Record<string, unknown>> {
  writeFileSync(file, text);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

async function compare(
  label: string,
  entries: ValidatorEntry[],
  extras = new Map<string, unknown[]>(),
) {
  if (entries.length === 0) return;
  const dir = join(work, label.replace(/[^\w.-]+/g, '_'));
  mkdirSync(dir, { recursive: true });

  let start = performance.now();
  const ours = emitValidatorModule(entries);
  const oursMs = performance.now() - start;
  const oursFailed = ours.warnings.filter((w) => w.includes('could not be compiled')).length;

  start = performance.now();
  const parts: string[] = [];
  const peerFailed = new Map<string, number>();
  const compiled = new Set<string>();
  for (const entry of entries) {
    try {
      const module = validator(entry.schema as Schema, LAX).toModule();
      parts.push(`export const ${entry.name} = ${module};`);
      compiled.add(entry.name);
    } catch (error) {
      const reason = reasonOf(error);
      peerFailed.set(reason, (peerFailed.get(reason) ?? 0) + 1);
    }
  }
  const peerMs = performance.now() - start;
  const peerText = parts.join('\n');
  let strictRefused = 0;
  for (const entry of entries) {
    try {
      validator(entry.schema as Schema, STRICT);
    } catch {
      strictRefused++;
    }
  }

  // esbuild (tsx's own dependency) strips the types of ours, as the bench in bench/validators.ts does.
  const esbuild = await import('esbuild');
  const oursJs = (await esbuild.transform(ours.source, { loader: 'ts', format: 'esm' })).code;
  const oursModule = await importModule(join(dir, 'ours.mjs'), oursJs);
  const peerModule = await importModule(join(dir, 'schemasafe.mjs'), peerText);

  let values = 0;
  let disagree = 0;
  let invalid = 0;
  let samePointer = 0;
  let threw = 0;
  const thrown: string[] = [];
  const examples: string[] = [];
  for (const entry of entries) {
    if (!compiled.has(entry.name)) continue;
    const check = oursModule[entry.name] as Check;
    const peer = peerModule[entry.name] as PeerCheck;
    for (const value of probes(entry.schema, extras.get(entry.name))) {
      values++;
      const issues = check(value);
      if (issues.some((i) => i.keyword === '$compile')) continue;
      let accepted: boolean;
      try {
        accepted = peer(value);
      } catch (error) {
        threw++;
        if (thrown.length < 2)
          thrown.push(`${entry.name}(${JSON.stringify(value).slice(0, 60)}): ${reasonOf(error)}`);
        continue;
      }
      if (accepted !== (issues.length === 0)) {
        disagree++;
        if (examples.length < 3)
          examples.push(
            `${entry.name}(${JSON.stringify(value).slice(0, 60)}): ours ${issues.length === 0 ? 'valid' : `${issues[0]!.pointer || '/'} ${issues[0]!.keyword}`}, schemasafe ${accepted ? 'valid' : peer.errors?.[0]?.keywordLocation}`,
          );
        continue;
      }
      if (accepted) continue;
      invalid++;
      const at = (peer.errors?.[0]?.instanceLocation ?? '').replace(/^#/, '');
      if (at === issues[0]!.pointer) samePointer++;
    }
  }
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const size = (text: string) => `${kb(text.length)} (gzip ${kb(gzipSync(text).length)})`;
  console.log(`-- ${label}: ${entries.length} schemas`);
  console.log(
    `  ours:       compile ${oursMs.toFixed(0)} ms, module ${size(ours.source)}, ${oursFailed} not compiled, eval/Function in output: ${EVAL.test(ours.source) ? 'yes' : 'no'}`,
  );
  console.log(
    `  schemasafe: compile ${peerMs.toFixed(0)} ms, module ${size(peerText)}, ${entries.length - compiled.size} not compiled (lax), ${strictRefused} refused in its default mode, eval/Function in output: ${EVAL.test(peerText) ? 'yes' : 'no'}`,
  );
  for (const [reason, n] of [...peerFailed].sort((a, b) => b[1] - a[1]).slice(0, 3))
    console.log(`    ${n}× ${reason}`);
  console.log(
    `  differential: ${values} values, ${disagree} judged differently; of ${invalid} rejected by both, the first error at the same instance pointer in ${invalid ? ((100 * samePointer) / invalid).toFixed(0) : '-'}%`,
  );
  for (const example of examples) console.log(`    ${example}`);
  console.log(`  schemasafe's module threw on ${threw} values (ours on none)`);
  for (const example of thrown) console.log(`    ${example}`);
}

export async function main(): Promise<void> {
  mkdirSync(work, { recursive: true });
  const corpus = openapiCatalog().tools as Array<{
    outputSchema?: JsonObject;
    inputSchema?: JsonObject;
  }>;
  for (const which of ['outputSchema', 'inputSchema'] as const) {
    const entries = corpus.flatMap((tool, i) =>
      tool[which] === undefined
        ? []
        : [{ name: `v${i}`, schema: prepareValidationSchema(tool[which]) }],
    );
    await compare(`GitHub corpus ${which}`, entries);
  }
  const files = catalogFiles();
  for (const which of ['outputSchema', 'inputSchema'] as const) {
    const entries = files.flatMap((file, f) =>
      entriesOf(file, which).map((e) => ({ ...e, name: `c${f}_${e.name}` })),
    );
    await compare(`../shared/catalogs (${files.length} files) ${which}`, entries);
  }
  const documents = fc.sample(schemaDocument, { seed: 29, numRuns: 150 });
  const extras = new Map<string, unknown[]>();
  const entries = documents.map((document, i) => {
    const name = `g${i}`;
    extras.set(name, [sampleInstance(document, i + 1)]);
    return { name, schema: prepareValidationSchema(document as JsonObject) };
  });
  await compare('generated schema documents (schema-arbitrary.ts)', entries, extras);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

/**
 * The emitted module as a user's build and runtime meet it: it type-checks under the strict settings
 * generated code must pass (NodeNext and Bundler), its declarations stand alone (isolatedDeclarations),
 * and it validates in a Node process started with --disallow-code-generation-from-strings.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { before, test } from 'node:test';
import { emitValidatorModule } from '../src/emit/client/validators.js';
import type { ValidatorEntry } from '../src/emit/client/validators.js';
import { TSC, tscNode, typecheck } from './helpers/tsc.js';
import { loadValidators, writeValidatorModule } from './helpers/validators-module.js';

const run = promisify(execFile);

// Every helper, a shared schema, a $ref, and a schema that does not compile: all code paths of the module.
const ENTRIES: ValidatorEntry[] = [
  {
    name: 'weatherOutput',
    schema: {
      type: 'object',
      required: ['city', 'at'],
      properties: {
        city: { type: 'string', minLength: 1 },
        at: { type: 'string', format: 'date-time', formatMinimum: '2000-01-01T00:00:00Z' },
        day: { type: 'string', format: 'date' },
        time: { format: 'time' },
        isoTime: { format: 'iso-time', formatMaximum: '23:00:00' },
        isoDateTime: { format: 'iso-date-time', formatMinimum: '2000-01-01T00:00:00' },
        link: { format: 'uri' },
        re: { format: 'regex' },
        blob: { format: 'byte' },
        n32: { format: 'int32' },
        n64: { format: 'int64' },
        f: { format: 'float' },
        tags: { type: 'array', uniqueItems: true, items: { enum: ['a', 'b', { c: 1 }] } },
        unit: { $ref: '#/$defs/unit' },
      },
      $defs: { unit: { const: 'celsius' } },
      unevaluatedProperties: false,
    },
  },
  { name: 'plainString', schema: { type: 'string' } },
  { name: 'alsoString', schema: { type: 'string' } },
  { name: 'broken', schema: { type: 'string', pattern: '(' } },
];

const VALUES: unknown[] = [
  {
    city: 'Oslo',
    at: '2025-01-01T00:00:00Z',
    unit: 'celsius',
    tags: ['a', { c: 1 }],
    n32: 5,
    blob: 'aGk=',
  },
  {
    city: '',
    at: '1999-12-31T23:59:59Z',
    unit: 'kelvin',
    tags: ['a', 'a'],
    n32: 2 ** 40,
    re: '(',
    link: 'x',
    extra: 1,
  },
  'a string',
  42,
];

const USE = `import type { ValidationIssue } from './runtime.js';
import { alsoString, broken, weatherOutput } from './validators.js';

// How a generated client consumes it: each export is a Validator, (value: unknown) => readonly ValidationIssue[].
const checks: ReadonlyArray<(value: unknown) => readonly ValidationIssue[]> = [weatherOutput, alsoString, broken];
export function firstProblem(value: unknown): string | undefined {
  for (const check of checks) {
    const issue: ValidationIssue | undefined = check(value)[0];
    if (issue !== undefined) return \`\${issue.pointer} \${issue.message} \${issue.keyword ?? ''}\`;
  }
  return undefined;
}
`;

let dir: string;
before(async () => {
  dir = await writeValidatorModule(emitValidatorModule(ENTRIES), 'tsc');
  await writeFile(join(dir, 'use.ts'), USE);
});

for (const resolution of ['nodenext', 'bundler'] as const) {
  test(`type-checks under --strict and friends (${resolution})`, async () => {
    const { ok, output } = await typecheck(dir, resolution);
    assert.ok(ok, output);
  });
}

test('isolatedDeclarations: each export is declared with its explicit type', async () => {
  const config = {
    compilerOptions: {
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      strict: true,
      isolatedDeclarations: true,
      declaration: true,
      emitDeclarationOnly: true,
      outDir: 'dts',
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      types: [],
    },
    files: ['validators.ts', 'runtime.ts'],
  };
  await writeFile(join(dir, 'tsconfig.declarations.json'), JSON.stringify(config));
  const result = await run(await tscNode(), [TSC, '-p', 'tsconfig.declarations.json'], {
    cwd: dir,
  }).then(
    () => ({ ok: true, output: '' }),
    (error: { stdout?: string }) => ({ ok: false, output: error.stdout ?? String(error) }),
  );
  assert.ok(result.ok, result.output);
  const declarations = await readFile(join(dir, 'dts/validators.d.ts'), 'utf8');
  const exported = declarations.split('\n').filter((line) => line.startsWith('export '));
  assert.deepEqual(
    exported,
    ENTRIES.map((e) => `export declare const ${e.name}: Validator;`),
  );
  assert.match(declarations, /^import type \{ Validator \} from "\.\/runtime\.js";$/m);
});

test('validates under node --disallow-code-generation-from-strings, exactly as in this process', async () => {
  const script = `import * as validators from './validators.ts';
let blocked = false;
try { new Function('return 1'); } catch { blocked = true; }
const values = ${JSON.stringify(VALUES)};
const names = ${JSON.stringify(ENTRIES.map((e) => e.name))};
console.log(JSON.stringify({ blocked, results: names.map((n) => values.map((v) => validators[n](v))) }));
`;
  await writeFile(join(dir, 'run.ts'), script);
  const { stdout } = await run(
    process.execPath,
    ['--disallow-code-generation-from-strings', '--import', 'tsx', 'run.ts'],
    { cwd: dir },
  );
  const child = JSON.parse(stdout) as { blocked: boolean; results: unknown[][] };
  assert.equal(child.blocked, true, 'the flag is in force in the child');

  const { validators } = await loadValidators(ENTRIES, 'tsc-here');
  const here = ENTRIES.map((e) => VALUES.map((v) => validators[e.name]!(v)));
  assert.deepEqual(child.results, JSON.parse(JSON.stringify(here)));
  // The run is not vacuous: valid values pass, invalid ones report, the broken schema fails closed.
  assert.deepEqual(child.results[0]![0], []);
  assert.ok((child.results[0]![1] as unknown[]).length >= 8);
  assert.deepEqual(child.results[1]![2], []);
  assert.equal((child.results[3]![0] as Array<{ keyword: string }>)[0]?.keyword, '$compile');
});

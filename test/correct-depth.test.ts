import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { diffSnapshots } from '../src/diff/index.js';
import { InputError } from '../src/shared/errors.js';
import { renderClient } from '../src/generate/render.js';
import { TOO_DEEP } from '../src/schema/walk.js';
import { parseSnapshot, parseSnapshotText, serializeSnapshot } from '../src/snapshot/index.js';
import { bin, repoRoot, tmpRoot } from './helpers/paths.js';
import { renderCatalog } from './helpers/render.js';

// Class 1 of issue 10: a schema nested thousands of levels deep. Reading bounds JSON nesting (exit 2,
// naming the tool and the pointer); below that bound every stage runs, and past the schema depth
// bound types become unknown with a warning. Never a stack trace (exit 70).
const run = promisify(execFile);
const dir = join(tmpRoot, 'correct-depth');

/** `levels` nested objects, as text: building it as a value and stringifying would itself overflow. */
function nestedProperties(levels: number, leaf: string): string {
  let schema = `{"type":"${leaf}"}`;
  for (let i = 0; i < levels; i++) schema = `{"type":"object","properties":{"n":${schema}}}`;
  return schema;
}

function catalogText(levels: number, leaf = 'string'): string {
  return `{"tools":[{"name":"deep","inputSchema":${nestedProperties(levels, leaf)}}]}`;
}

async function cli(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, [bin, ...args], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

test('given a schema 5000 levels deep, reading says which tool and where, and generate and diff exit 2', async () => {
  const text = catalogText(5000);
  assert.throws(
    () => parseSnapshotText(text, 'deep.json'),
    (error: unknown) =>
      error instanceof InputError &&
      error.pointer.startsWith('/tools/0/inputSchema/properties/n/properties/n') &&
      /tool "deep": nested deeper than 1024 levels/.test(error.message),
  );
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'deep-5000.json');
  await writeFile(file, text);
  const generated = await cli('generate', '--snapshot', file, '--out', join(dir, 'out'));
  assert.equal(generated.code, 2, generated.stderr);
  assert.match(
    generated.stderr,
    /^error: .*deep-5000\.json at \/tools\/0\/inputSchema\/properties\/n.*: tool "deep": nested deeper than 1024 levels\n/,
  );
  assert.doesNotMatch(generated.stderr, /internal error|RangeError/);
  const diffed = await cli('diff', file, file);
  assert.equal(diffed.code, 2, diffed.stderr);
  assert.doesNotMatch(diffed.stderr, /internal error|RangeError/);
});

test('given a schema 500 levels deep (1000 JSON levels), snapshot writing, generate and diff all work', async () => {
  const base = parseSnapshotText(catalogText(500, 'string'), 'base.json');
  const head = parseSnapshotText(catalogText(500, 'number'), 'head.json');
  // Canonical writing round-trips.
  const written = serializeSnapshot(base);
  assert.equal(serializeSnapshot(parseSnapshotText(written, 'again.json')), written);
  // The diff sees the leaf change 500 levels down.
  const report = diffSnapshots(base, head);
  assert.deepEqual(
    report.findings.map((f) => f.id),
    ['tool-input-type-narrowed'],
  );
  assert.equal(report.findings[0]!.pointer.split('/properties/n').length - 1, 500);
  // Generation types the part past the bound as unknown, and says so.
  const { files, model } = await renderClient(base, { name: 'deep' }, '/x');
  assert.equal(model.warnings.length, 1);
  assert.match(
    model.warnings[0]!,
    /^tool "deep": inputSchema at \/properties\/n\/properties\/n.*: \(nested deeper than 64 levels: typed as unknown\)$/,
  );
  assert.ok(files.find((f) => f.path === 'types.ts')!.content.includes(TOO_DEEP));
});

test('given the depth catalog, every deep tool is warned about, the shallow one is not', async () => {
  const { files, model } = await renderCatalog(
    join(repoRoot, 'fixtures/catalogs/correct-depth.json'),
  );
  const warned = model.warnings.map((w) =>
    /^tool "([^"]+)": (\w+) at /.exec(w)?.slice(1, 3).join(' '),
  );
  assert.deepEqual(warned, [
    'deep_items inputSchema',
    'deep_items outputSchema',
    'deep_properties inputSchema',
    'deep_properties outputSchema',
    'deep_unions inputSchema',
  ]);
  const types = files.find((f) => f.path === 'types.ts')!.content;
  // 20 levels are typed all the way down to the string.
  assert.match(types, /export interface ShallowEnoughInput \{(\s*next: \{){19}\s*next: string;/);
});

test('given a $ref chain 600 definitions long, the far end is unknown with one warning, and the diff reports it', async () => {
  const chain = (leaf: string) => {
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 600; i++)
      defs[`A${i}`] = { type: 'object', properties: { n: { $ref: `#/$defs/A${i + 1}` } } };
    defs.A600 = { type: leaf };
    return {
      tools: [
        {
          name: 'chain',
          inputSchema: {
            type: 'object',
            properties: { root: { $ref: '#/$defs/A0' } },
            $defs: defs,
          },
        },
      ],
    };
  };
  const base = parseSnapshot(chain('string'), 'base.json');
  const { files, model } = await renderClient(base, { name: 'chain' }, '/x');
  assert.equal(model.warnings.length, 1);
  assert.match(
    model.warnings[0]!,
    /^tool "chain": inputSchema at \/\$defs\/A\d+: \$ref chain more than 64 targets long: typed as unknown \(and \d+ more\)$/,
  );
  const types = files.find((f) => f.path === 'types.ts')!.content;
  assert.match(types, /export interface A0 \{\s*n\?: A1;/, 'the start of the chain is typed');
  assert.match(types, /export type A600 = unknown;/, 'the end is unknown');
  // The diff follows the chain as far as its bound, then reports a change it cannot prove safe.
  const report = diffSnapshots(base, parseSnapshot(chain('number'), 'head.json'));
  assert.deepEqual(
    report.findings.map((f) => f.id),
    ['tool-input-schema-changed'],
  );
});

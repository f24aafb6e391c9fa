/** Config keys of issue 24 (`samples`, `shapes`, `outputs`): mistakes named by pointer; the shapes file's default place. */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../src/config/load.js';
import { shapesFileOf } from '../src/config/shapes-path.js';
import { InputError } from '../src/shared/errors.js';
import { tmpRoot } from './helpers/paths.js';

const dir = join(tmpRoot, 'config-shapes');
const server = { name: 'w', source: { stdio: 'node server.js' }, out: 'out' };

async function load(extra: Record<string, unknown>) {
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'mcp-codegen.config.json');
  await writeFile(file, JSON.stringify({ servers: [{ ...server, ...extra }] }));
  return loadConfig({ file });
}

async function pointerOf(extra: Record<string, unknown>): Promise<string> {
  const error = await load(extra).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof InputError, `expected an InputError, got ${String(error)}`);
  return error.pointer;
}

test('samples, shapes and outputs are accepted, and their mistakes named by pointer', async () => {
  const config = await load({
    samples: { get_user: [{ id: 1 }, {}] },
    shapes: 'mcp/w.shapes.json',
    outputs: { get_user: { schema: { type: 'object' } } },
  });
  assert.deepEqual(config.servers[0]!.samples, { get_user: [{ id: 1 }, {}] });
  assert.equal(await pointerOf({ samples: { 'a/b': [] } }), '/servers/0/samples/a~1b');
  assert.equal(await pointerOf({ samples: { t: [{}, 3] } }), '/servers/0/samples/t/1');
  assert.equal(await pointerOf({ shapes: 3 }), '/servers/0/shapes');
  assert.equal(
    await pointerOf({ outputs: { t: { schema: {}, extra: 1 } } }),
    '/servers/0/outputs/t/extra',
  );
  assert.equal(
    await pointerOf({ outputs: { t: { schema: true } } }),
    '/servers/0/outputs/t/schema',
  );
  assert.equal(await pointerOf({ outptus: {} }), '/servers/0/outptus');
});

test('the shapes file sits beside the snapshot by default, or where `shapes` says', () => {
  const root = '/project';
  assert.equal(
    shapesFileOf({ root }, { ...server, snapshot: 'mcp/w.snapshot.json' }),
    '/project/mcp/w.shapes.json',
  );
  assert.equal(shapesFileOf({ root }, server), '/project/out/w.shapes.json');
  assert.equal(
    shapesFileOf({ root }, { ...server, source: { snapshot: 'snap/s.json' } }),
    '/project/snap/w.shapes.json',
  );
  assert.equal(shapesFileOf({ root }, { ...server, shapes: 'x.json' }), '/project/x.json');
});

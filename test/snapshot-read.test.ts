import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { GITHUB_OPENAPI, openapiCatalog } from '../bench/corpus/openapi-catalog.js';
import { InputError } from '../src/shared/errors.js';
import {
  canonicalSnapshot,
  parseSnapshot,
  parseSnapshotText,
  serializeSnapshot,
} from '../src/snapshot/index.js';
import { repoRoot } from './helpers/paths.js';

test('a bare tools/list result is a snapshot', () => {
  const s = parseSnapshot({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] }, 'x.json');
  assert.equal(s.tools[0]!.name, 'a');
  assert.deepEqual(s.resources, []);
});

test('bad input names the file and the JSON pointer', () => {
  assert.throws(
    () => parseSnapshot({ tools: [{ name: 'a' }, { name: 3 }] }, 'cat.json'),
    (e: unknown) =>
      e instanceof InputError &&
      e.pointer === '/tools/1/name' &&
      /cat\.json at \/tools\/1\/name: expected a string/.test(e.message),
  );
  assert.throws(() => parseSnapshot({ prompts: [] }, 'cat.json'), /missing "tools" array/);
  assert.throws(() => parseSnapshot([], 'cat.json'), /expected a JSON object/);
  assert.throws(
    () => parseSnapshotText('{\n "tools": [1 2]\n}', 'c.json'),
    /not valid JSON: Expected ',' or ']' after array element at line 2, column 14/,
  );
  assert.throws(
    () => parseSnapshot({ tools: [{ name: 'a' }, { name: 'a' }] }, 'c.json'),
    /at \/tools\/1: duplicate tool name "a" \(first at \/tools\/0\)/,
  );
});

test('writing is canonical: order of items and keys does not matter', () => {
  const a = parseSnapshot(
    {
      tools: [
        {
          name: 'b',
          inputSchema: {
            type: 'object',
            properties: { y: { type: 'string' }, x: { type: 'number' } },
            required: ['y', 'x'],
          },
        },
        { description: 'A', name: 'a', inputSchema: { type: 'object' } },
      ],
      prompts: [{ name: 'p2' }, { name: 'p1' }],
    },
    'a.json',
  );
  const b = parseSnapshot(
    {
      prompts: [{ name: 'p1' }, { name: 'p2' }],
      tools: [
        { name: 'a', inputSchema: { type: 'object' }, description: 'A' },
        {
          inputSchema: {
            required: ['x', 'y'],
            properties: { x: { type: 'number' }, y: { type: 'string' } },
            type: 'object',
          },
          name: 'b',
        },
      ],
    },
    'b.json',
  );
  assert.equal(serializeSnapshot(a), serializeSnapshot(b));
  assert.ok(serializeSnapshot(a).endsWith('}\n'));
  assert.deepEqual(
    parseSnapshotText(serializeSnapshot(a), 'a.json'),
    parseSnapshotText(serializeSnapshot(b), 'b.json'),
  );
});

test('the canonical text writes each shared definition once, as JSON.stringify would write it there', () => {
  // Catalogs whose tools share root definitions (the GitHub corpus: the same components in every tool),
  // and every fixture catalog.
  const catalogs = [
    ...readdirSync(join(repoRoot, 'fixtures/catalogs'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => readFileSync(join(repoRoot, 'fixtures/catalogs', f), 'utf8')),
    JSON.stringify(openapiCatalog(GITHUB_OPENAPI)),
  ];
  for (const text of catalogs) {
    const snapshot = parseSnapshotText(text, 'catalog.json');
    const want = `${JSON.stringify(canonicalSnapshot(snapshot), null, 2)}\n`;
    assert.equal(serializeSnapshot(snapshot), want);
  }
});

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { InputError } from '../src/shared/errors.js';
import { parseSnapshot, parseSnapshotText, serializeSnapshot } from '../src/snapshot/index.js';
import { repoRoot, sharedCatalogs } from './helpers/paths.js';

// The era field: optional, read leniently, written right after protocolVersion, and absent from
// older snapshots, which must come back byte for byte.
test('a snapshot written before the era existed is re-serialized byte for byte', async () => {
  const file = join(repoRoot, 'examples/weather/weather.snapshot.json');
  const current = await readFile(file, 'utf8');
  assert.ok(
    current.includes('\n  "era": "legacy",\n'),
    'the committed example was discovered in the legacy era',
  );
  const older = current.replace('\n  "era": "legacy",\n', '\n');
  assert.equal(serializeSnapshot(parseSnapshotText(older, file)), older);
  assert.equal(serializeSnapshot(parseSnapshotText(current, file)), current);
});

test('every shared catalog reads without an era and writes none', async (t) => {
  const { files, skip } = sharedCatalogs();
  if (skip) return t.skip(skip);
  for (const file of files) {
    const snapshot = parseSnapshotText(await readFile(file, 'utf8'), file);
    assert.equal(snapshot.era, undefined, file);
    assert.ok(!serializeSnapshot(snapshot).includes('\n  "era"'), file);
  }
});

test('era is written right after protocolVersion, and reads back the same', () => {
  for (const era of ['legacy', 'modern'] as const) {
    const snapshot = parseSnapshot(
      { serverInfo: { name: 's', version: '1' }, era, protocolVersion: '2026-07-28', tools: [] },
      's.json',
    );
    assert.equal(snapshot.era, era);
    const text = serializeSnapshot(snapshot);
    assert.deepEqual(Object.keys(JSON.parse(text) as object).slice(0, 5), [
      'format',
      'version',
      'protocolVersion',
      'era',
      'serverInfo',
    ]);
    assert.equal(serializeSnapshot(parseSnapshotText(text, 's.json')), text);
  }
});

test('era: null reads as absent; any other value is an error at /era', () => {
  assert.equal(parseSnapshot({ era: null, tools: [] }, 's.json').era, undefined);
  assert.throws(
    () => parseSnapshot({ era: 'stateless', tools: [] }, 's.json'),
    (e: unknown) =>
      e instanceof InputError &&
      e.pointer === '/era' &&
      /expected "legacy" or "modern", got "stateless"/.test(e.message),
  );
});

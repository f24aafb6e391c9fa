import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { renderClient } from '../src/generate/render.js';
import { parseSnapshot } from '../src/snapshot/index.js';
import { fixtureCatalogs, sharedCatalogs } from './helpers/paths.js';

/** The same catalog listed in reverse, with every object's keys in reverse order. */
function shuffled(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shuffled);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, shuffled(v)]),
  );
}

function reverseLists(catalog: Record<string, unknown>): Record<string, unknown> {
  const out = shuffled(catalog) as Record<string, unknown>;
  for (const key of ['tools', 'resources', 'resourceTemplates', 'prompts']) {
    if (Array.isArray(out[key])) out[key] = [...(out[key] as unknown[])].reverse();
  }
  return out;
}

const catalogs = [
  ...fixtureCatalogs(),
  ...sharedCatalogs().files.filter((f) => /notion|everything\.json|v1\.21/.test(f)),
];

for (const file of catalogs) {
  test(`idempotent: ${file.split('/').slice(-1)[0]}`, async () => {
    const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    const once = await renderClient(parseSnapshot(raw, file), { name: 'x' }, '/nonexistent');
    const twice = await renderClient(parseSnapshot(raw, file), { name: 'x' }, '/nonexistent');
    // Key order is not shuffled inside `anyOf` lists (branch order means something), only object keys and top-level lists.
    const reordered = await renderClient(
      parseSnapshot(reverseLists(raw), file),
      { name: 'x' },
      '/nonexistent',
    );
    assert.deepEqual(twice.files, once.files, 'two runs give identical bytes');
    assert.deepEqual(reordered.files, once.files, 'a reordered catalog gives identical bytes');
  });
}

import assert from 'node:assert/strict';
import { repoRoot } from './helpers/paths.js';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { diffSnapshots } from '../src/diff/index.js';
import { readSnapshotFile } from '../src/snapshot/index.js';

/** Every real catalog in ../shared diffed against itself (and a reordered copy) reports nothing. */
const shared = resolve(repoRoot, '../shared');
const catalogs = join(shared, 'catalogs');
const present = existsSync(catalogs);
const skip = present
  ? false
  : `../shared/catalogs is absent (looked in ${catalogs}); these tests need the shared reference catalogs`;

const files = present
  ? [
      ...readdirSync(catalogs)
        .filter((f) => f.endsWith('.json'))
        .map((f) => join(catalogs, f)),
      ...readdirSync(join(catalogs, 'worldmonitor'))
        .filter((f) => f.includes('tools-list') && f.endsWith('.json'))
        .map((f) => join(catalogs, 'worldmonitor', f)),
    ].sort()
  : [];

test('the shared catalogs are there', { skip }, () => {
  assert.ok(files.length >= 10, `expected at least 10 catalogs, found ${files.length}`);
});

for (const file of files) {
  test(`catalog against itself: ${file.slice(catalogs.length + 1)}`, { skip }, async () => {
    const a = await readSnapshotFile(file);
    const b = await readSnapshotFile(file);
    assert.deepEqual(diffSnapshots(a, b).findings, []);
    // Lists in reverse order: pairing is by identity, not position.
    const reversed = {
      ...b,
      tools: [...b.tools].reverse(),
      resources: [...b.resources].reverse(),
      prompts: [...b.prompts].reverse(),
    };
    assert.deepEqual(diffSnapshots(a, reversed).findings, []);
  });
}

test(
  'worldmonitor 1.17 → 1.21 layout: coded envelopes are error codes, wrappers are warnings, nothing is an error',
  { skip },
  async () => {
    const dir = join(catalogs, 'worldmonitor');
    const before = await readSnapshotFile(join(dir, 'worldmonitor-v1.17.0.tools-list.json'));
    const after = await readSnapshotFile(
      join(dir, 'worldmonitor-v1.21-style.SYNTHESIZED.tools-list.json'),
    );
    // Only tools: the synthesized file does not carry the resources and prompts.
    const report = diffSnapshots(
      { ...before, resources: [], resourceTemplates: [], prompts: [] },
      { ...after, resources: [], resourceTemplates: [], prompts: [] },
    );
    const ids = new Set(report.findings.map((f) => f.id));
    assert.deepEqual([...ids].sort(), [
      'error-code-added',
      'tool-description-changed',
      'tool-output-schema-changed',
    ]);
    const codes = new Set(
      report.findings.filter((f) => f.id === 'error-code-added').map((f) => f.after),
    );
    assert.deepEqual([...codes].sort(), ['_budget_exceeded', '_jmespath_error']);
    assert.equal(report.summary.error, 0);
  },
);

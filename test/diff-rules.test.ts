import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { diffSnapshots, RULES, type Level } from '../src/diff/index.js';
import { parseSnapshot } from '../src/snapshot/index.js';

/**
 * One minimal snapshot pair per rule id (fixtures/diff/rules/<id>.json): exactly one change,
 * exactly one finding, with that id and the expected level.
 */
const dir = join(import.meta.dirname, '..', 'fixtures', 'diff', 'rules');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

interface RuleFixture {
  expect: { id: string; level: Level };
  base: unknown;
  head: unknown;
}

function load(file: string): RuleFixture {
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as RuleFixture;
}

test('every rule id has a minimal pair, and every pair names a rule', () => {
  const covered = new Set(files.map((f) => f.replace(/\.json$/, '')));
  const missing = RULES.map((r) => r.id).filter((id) => !covered.has(id));
  assert.deepEqual(
    missing,
    [],
    `rules without a fixture in fixtures/diff/rules: ${missing.join(', ')}`,
  );
  const unknown = [...covered].filter((id) => !RULES.some((r) => r.id === id));
  assert.deepEqual(unknown, []);
});

for (const file of files) {
  const fixture = load(file);
  test(`minimal pair: ${fixture.expect.id}`, () => {
    const base = parseSnapshot(fixture.base, `${file}#base`);
    const head = parseSnapshot(fixture.head, `${file}#head`);
    const report = diffSnapshots(base, head);
    assert.deepEqual(
      report.findings.map((f) => ({ id: f.id, level: f.level })),
      [fixture.expect],
      `${file}: expected exactly one ${fixture.expect.id} finding, got:\n${report.findings.map((f) => `  ${f.id}: ${f.message}`).join('\n')}`,
    );
    const [finding] = report.findings;
    assert.ok(finding!.message.length > 0);
    assert.match(finding!.fingerprint, /^[0-9a-f]{16}$/);
    // The reverse direction must not be silent either (every change is reported one way or another).
    assert.ok(
      diffSnapshots(head, base).findings.length > 0,
      `${file}: the reverse diff reports nothing`,
    );
    // Nothing in the pair is unstable: each side against itself is clean.
    assert.deepEqual(diffSnapshots(base, base).findings, []);
    assert.deepEqual(diffSnapshots(head, head).findings, []);
  });
}

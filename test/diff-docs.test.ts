import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fingerprint, RULES } from '../src/diff/index.js';

/** src/diff/README.md documents every rule with its default level; the registry and the table stay in step. */
const readme = readFileSync(join(import.meta.dirname, '..', 'src', 'diff', 'README.md'), 'utf8');

test('the rules table lists every rule id with its default level, and nothing else', () => {
  const rows = [
    ...readme.matchAll(/^\| `([a-z0-9-]+)` \| (error|warning|info) \| (.+) \| (.+) \|$/gm),
  ].map((m) => ({ id: m[1]!, level: m[2]! }));
  assert.deepEqual(
    rows,
    RULES.map((r) => ({ id: r.id, level: r.level })),
  );
});

test('rule ids are unique kebab-case', () => {
  const ids = RULES.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, /^[a-z]+(-[a-z]+)*$/);
});

test('the JSON example in the README carries a real fingerprint', () => {
  const match = /"fingerprint": "([0-9a-f]{16})"/.exec(readme);
  assert.ok(match, 'no fingerprint in the README example');
  assert.equal(
    match[1],
    fingerprint(
      'tool-input-enum-value-removed',
      'tool:search',
      '/inputSchema/properties/mode/enum',
      'slow',
      null,
    ),
  );
});

test('the markdown example in the README is the golden report, byte for byte', () => {
  const golden = readFileSync(
    join(import.meta.dirname, '..', 'fixtures', 'diff', 'expected', 'report.md'),
    'utf8',
  );
  const embedded = /<!-- report\.md:start -->\n([\s\S]*)<!-- report\.md:end -->/.exec(readme);
  assert.ok(embedded, 'README has no embedded report');
  assert.equal(
    embedded[1],
    golden,
    'src/diff/README.md: paste fixtures/diff/expected/report.md between the markers',
  );
});

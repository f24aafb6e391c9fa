import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  diffSnapshots,
  formatGithub,
  formatJson,
  formatMarkdown,
  formatText,
  type DiffReport,
} from '../src/diff/index.js';
import { escapeData, escapeProperty } from '../src/diff/format-github.js';
import type { DiffPolicy } from '../src/config/types.js';
import { parseSnapshot } from '../src/snapshot/index.js';

/**
 * Golden files for each format: fixtures/diff/expected/. After an intended change, regenerate with
 * `UPDATE_GOLDEN=1 node --import tsx --test test/diff-formats.test.ts` and review the git diff.
 */
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'diff');
const update = process.env.UPDATE_GOLDEN === '1';
const read = (file: string) => JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as unknown;

function report(): DiffReport {
  return diffSnapshots(
    parseSnapshot(read('base.json'), 'base.json'),
    parseSnapshot(read('head.json'), 'head.json'),
    {
      policy: read('policy.json') as DiffPolicy,
      baseLabel: 'base.json',
      headLabel: 'head.json',
    },
  );
}

function golden(name: string, actual: string): void {
  const file = join(fixtures, 'expected', name);
  if (update) writeFileSync(file, actual);
  assert.equal(
    actual,
    readFileSync(file, 'utf8'),
    `${name} differs from the golden file; if intended, rerun with UPDATE_GOLDEN=1`,
  );
}

test('text format matches the golden file (no colour)', () =>
  golden('report.txt', formatText(report())));
test('markdown format matches the golden file', () =>
  golden('report.md', formatMarkdown(report())));
test('json format matches the golden file', () => golden('report.json', formatJson(report())));
test('github format matches the golden file', () =>
  golden('report.github.txt', formatGithub(report())));

test('the golden report covers every entity kind, a policy override and an ignore', () => {
  const r = report();
  const kinds = new Set(r.findings.map((f) => f.entity.split(':')[0]));
  assert.deepEqual([...kinds].sort(), [
    'prompt',
    'resource',
    'resource-template',
    'server',
    'tool',
  ]);
  assert.ok(
    r.findings.some((f) => f.id === 'tool-description-changed' && f.level === 'warning'),
    'override to warning applied',
  );
  assert.deepEqual(
    r.suppressed.map((s) => [s.id, s.entity, s.reason]),
    [['tool-removed', 'tool:legacy', 'announced for removal in 1.4']],
  );
  assert.deepEqual(r.summary, { error: 7, warning: 3, info: 4 });
  // A $ref into $defs is followed: the change inside the referenced definition is found at the logical path.
  assert.ok(
    r.findings.some(
      (f) => f.pointer === '/outputSchema/properties/hits/items/properties/score/minimum',
    ),
  );
});

test('json report has the documented shape', () => {
  const parsed = JSON.parse(formatJson(report())) as Record<string, unknown>;
  assert.deepEqual(Object.keys(parsed), [
    'format',
    'version',
    'base',
    'head',
    'summary',
    'findings',
    'suppressed',
  ]);
  assert.equal(parsed.format, 'mcp-codegen/diff');
  assert.equal(parsed.version, 1);
  for (const f of parsed.findings as Array<Record<string, unknown>>) {
    assert.deepEqual(Object.keys(f), [
      'id',
      'level',
      'entity',
      'pointer',
      'before',
      'after',
      'message',
      'fingerprint',
    ]);
  }
});

test('text: colour only when asked, and never in server text', () => {
  const plain = formatText(report());
  assert.doesNotMatch(plain, /\u001b\[/);
  const colored = formatText(report(), { color: true });
  assert.match(colored, /\u001b\[31merror/);
  assert.equal(colored.replace(/\u001b\[\d+m/g, ''), plain);
});

test('text: control characters from the server are made visible', () => {
  const base = parseSnapshot({ tools: [{ name: 'a', description: 'x' }] }, 'b');
  const head = parseSnapshot(
    { tools: [{ name: 'a', description: 'x' }, { name: 'evil\u001b[2J\rname' }] },
    'h',
  );
  const out = formatText(diffSnapshots(base, head));
  assert.doesNotMatch(out, /\u001b|\r/);
  assert.match(out, /evil\\u001b\[2J\\u000dname/);
});

test('markdown: untrusted text cannot inject HTML, mentions, links or table cells', () => {
  const md = formatMarkdown(report());
  assert.doesNotMatch(md, /<img/);
  assert.match(md, /&lt;img src=x onerror=alert\\\(1\\\)&gt;/);
  assert.doesNotMatch(md, /@octocat/);
  assert.match(md, /@\u200doctocat/);
  assert.doesNotMatch(md, /https:\/\/x\.io/);
  assert.match(md, /\\\*hi\\\* \\\| https:\/\u200d\/x\.io/);
  assert.match(md, /<details><summary>\d+ info findings?<\/summary>/);
  // Counts per level first.
  assert.match(md, /\| 🔴 error \| 7 \|\n\| 🟠 warning \| 3 \|\n\| 🔵 info \| 4 \|/);
});

test('github: one annotation per finding, escaped as the runner requires', () => {
  const r = report();
  const lines = formatGithub(r).trimEnd().split('\n');
  assert.equal(lines.filter((l) => l.startsWith('::')).length, r.findings.length);
  assert.ok(
    lines.every(
      (l, i) => i === lines.length - 1 || /^::(error|warning|notice) title=[^:,]*::/.test(l),
    ),
  );
  assert.match(
    lines.find((l) => l.includes('tool%3Adescribe'))!,
    /\\n::error::pwned 100%25/,
  );
  assert.equal(escapeData('a%b\r\nc'), 'a%25b%0D%0Ac');
  assert.equal(escapeProperty('t: a, b\n'), 't%3A a%2C b%0A');
});

test('an empty diff says so in every format', () => {
  const s = parseSnapshot(read('base.json'), 'base.json');
  const r = diffSnapshots(s, s);
  assert.match(formatText(r), /No changes\.\n\n0 errors, 0 warnings, 0 info\n$/);
  assert.match(formatMarkdown(r), /No changes\./);
  assert.deepEqual(JSON.parse(formatJson(r)).findings, []);
  assert.equal(formatGithub(r), 'mcp-codegen diff base → head: 0 errors, 0 warnings, 0 info\n');
});

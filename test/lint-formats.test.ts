import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { DiffPolicy, LintPolicy } from '../src/config/types.js';
import { diffSnapshots } from '../src/diff/engine.js';
import { formatGithub, formatJson, formatMarkdown, formatText } from '../src/diff/index.js';
import { artifactUri, formatDiffSarif } from '../src/diff/format-sarif.js';
import { jsonLines, lineLocator } from '../src/diff/json-lines.js';
import { lintSnapshot } from '../src/lint/engine.js';
import {
  formatLintGithub,
  formatLintJson,
  formatLintMarkdown,
  formatLintSarif,
  formatLintText,
} from '../src/lint/format.js';
import { LINT_RULES } from '../src/lint/rules.js';
import type { LintReport } from '../src/lint/types.js';
import { parseSnapshot } from '../src/snapshot/index.js';
import { repoRoot } from './helpers/paths.js';

/**
 * Golden files for each format: fixtures/lint/expected/. After an intended change, regenerate with
 * `UPDATE_GOLDEN=1 node --import tsx --test test/lint-formats.test.ts` and review the git diff.
 */
const fixtures = join(repoRoot, 'fixtures/lint');
const update = process.env.UPDATE_GOLDEN === '1';
const read = (file: string) => JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as unknown;

function report(): LintReport {
  return lintSnapshot(parseSnapshot(read('report.json'), 'report.json'), {
    policy: read('policy.json') as LintPolicy,
    label: 'fixtures/lint/report.json',
  });
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
  golden('report.txt', formatLintText(report())));
test('markdown format matches the golden file', () =>
  golden('report.md', formatLintMarkdown(report())));
test('json format matches the golden file', () => golden('report.json', formatLintJson(report())));
test('github format matches the golden file', () =>
  golden('report.github.txt', formatLintGithub(report())));
const reportText = () => readFileSync(join(fixtures, 'report.json'), 'utf8');
test('sarif format matches the golden file', () =>
  golden('report.sarif', formatLintSarif(report(), reportText())));

test('the golden report has every family, a level override and an ignore', () => {
  const r = report();
  const families = new Set(
    r.findings.map((f) => LINT_RULES.find((rule) => rule.id === f.id)!.family),
  );
  assert.deepEqual([...families].sort(), [
    'contracts',
    'descriptions',
    'names',
    'resources',
    'security',
  ]);
  assert.equal(r.findings.find((f) => f.id === 'tool-name-versioned')!.level, 'info');
  assert.deepEqual(
    r.suppressed.map((s) => [s.id, s.entity, s.reason]),
    [['output-schema-missing', 'tool:notes-export-v2', 'returns a file, not JSON']],
  );
  assert.deepEqual(r.summary, { error: 4, warning: 7, info: 1 });
});

test('no format carries a hidden character raw', () => {
  const r = report();
  assert.ok(r.findings.some((f) => f.id === 'description-hidden-characters'));
  for (const [name, text] of Object.entries({
    text: formatLintText(r),
    md: formatLintMarkdown(r),
    json: formatLintJson(r),
    github: formatLintGithub(r),
    sarif: formatLintSarif(r),
  })) {
    assert.doesNotMatch(text, /[\u200b\u202e\u2066]|\udb40[\udc00-\udc7f]/, name);
  }
  // The JSON escapes keep the value: the parsed report equals the in-memory one.
  assert.deepEqual(JSON.parse(formatLintJson(r)), JSON.parse(JSON.stringify(r)));
});

test('diff reports escape hidden characters too: the mechanism is shared', () => {
  const base = parseSnapshot({ tools: [{ name: 'a', inputSchema: {} }] }, 'b');
  const head = parseSnapshot(
    {
      tools: [
        { name: 'a', inputSchema: {} },
        { name: 'sneaky\u200b\u{e0041}', description: 'x\u202e', inputSchema: {} },
      ],
    },
    'h',
  );
  const diff = diffSnapshots(base, head);
  assert.ok(
    diff.findings.some((f) => f.entity.includes('\u200b')),
    'the entity id keeps the real name',
  );
  for (const [name, text] of Object.entries({
    text: formatText(diff),
    md: formatMarkdown(diff),
    json: formatJson(diff),
    github: formatGithub(diff),
  })) {
    assert.doesNotMatch(text, /[\u200b\u202e]|\udb40[\udc00-\udc7f]/, name);
    assert.match(text, /sneaky\\+u200b/, name);
  }
});

test('json report has the documented shape', () => {
  const parsed = JSON.parse(formatLintJson(report())) as Record<string, unknown>;
  assert.deepEqual(Object.keys(parsed), [
    'format',
    'version',
    'snapshot',
    'summary',
    'findings',
    'suppressed',
  ]);
  assert.equal(parsed.format, 'mcp-codegen/lint');
  for (const f of parsed.findings as Array<Record<string, unknown>>)
    assert.deepEqual(Object.keys(f), [
      'id',
      'level',
      'entity',
      'pointer',
      'message',
      'fingerprint',
    ]);
});

test('markdown and github: server text cannot inject markup, mentions, links or workflow commands', () => {
  const md = formatLintMarkdown(report());
  assert.doesNotMatch(md, /<IMPORTANT>/);
  assert.match(md, /&lt;IMPORTANT&gt;/);
  const snapshot = parseSnapshot(
    { tools: [{ name: 'evil\n::error::pwned', inputSchema: {} }] },
    'evil',
  );
  const gh = formatLintGithub(lintSnapshot(snapshot, { label: 'evil.json' }));
  assert.ok(gh.split('\n').every((line) => !line.startsWith('::error::pwned')));
});

/**
 * The SARIF 2.1.0 schema as @microsoft/jest-sarif ships it (draft-04). Ajv 8 speaks draft-07:
 * the only draft-04 keyword the schema uses is `id`, renamed `$id`; the constraints are unchanged.
 */
function sarifValidator() {
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(
    readFileSync(
      require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
      'utf8',
    ),
  ) as Record<string, unknown>;
  const { $schema: _draft, id, ...rest } = schema;
  // unicodeRegExp off: the schema's `language` pattern has a stray `]` that only non-unicode regular expressions accept.
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats.default(ajv);
  return ajv.compile({ $id: id as string, ...rest });
}

test('lint SARIF validates against the SARIF 2.1.0 schema', () => {
  const validate = sarifValidator();
  const log = JSON.parse(formatLintSarif(report(), reportText())) as {
    runs: Array<{
      results: Array<{ ruleId: string; ruleIndex: number; suppressions?: unknown[] }>;
      tool: { driver: { rules: Array<{ id: string }> } };
    }>;
  };
  assert.equal(validate(log), true, JSON.stringify(validate.errors, null, 2));
  const run = log.runs[0]!;
  for (const result of run.results)
    assert.equal(run.tool.driver.rules[result.ruleIndex]!.id, result.ruleId);
  assert.equal(run.results.filter((r) => r.suppressions).length, 1);
  // A broken log must fail: the validator is not a rubber stamp.
  assert.equal(validate({ ...log, version: '2.0.0' }), false);
});

test('diff SARIF validates against the SARIF 2.1.0 schema', () => {
  const validate = sarifValidator();
  const dir = join(repoRoot, 'fixtures/diff');
  const load = (f: string) => parseSnapshot(JSON.parse(readFileSync(join(dir, f), 'utf8')), f);
  const policy = JSON.parse(readFileSync(join(dir, 'policy.json'), 'utf8')) as DiffPolicy;
  const headText = readFileSync(join(dir, 'head.json'), 'utf8');
  const diff = diffSnapshots(load('base.json'), load('head.json'), {
    policy,
    baseLabel: 'origin/main:fixtures/diff/base.json',
    headLabel: 'fixtures/diff/head.json',
  });
  const log = JSON.parse(formatDiffSarif(diff, headText)) as {
    runs: Array<{ results: unknown[]; artifacts: Array<{ location: { uri: string } }> }>;
  };
  assert.equal(validate(log), true, JSON.stringify(validate.errors, null, 2));
  assert.equal(log.runs[0]!.results.length, diff.findings.length + diff.suppressed.length);
  assert.equal(log.runs[0]!.artifacts[0]!.location.uri, 'fixtures/diff/head.json');
});

test('SARIF artifact URIs: rev:path names the path, Windows separators and odd characters are encoded', () => {
  assert.equal(artifactUri('origin/main:mcp/server.snapshot.json'), 'mcp/server.snapshot.json');
  assert.equal(artifactUri('HEAD:./x.json'), 'x.json');
  assert.equal(artifactUri('C:\\snaps\\a b.json'), 'C%3A/snaps/a%20b.json');
});

test('SARIF results carry the line of their entity and pointer in the snapshot text', () => {
  const text = reportText();
  const lineOfText = (needle: string, from = 0) =>
    text.slice(0, text.indexOf(needle, from)).split('\n').length;
  const log = JSON.parse(formatLintSarif(report(), text)) as {
    runs: Array<{
      results: Array<{
        ruleId: string;
        properties: { entity: string; pointer: string };
        locations: Array<{ physicalLocation: { region: { startLine: number } } }>;
      }>;
    }>;
  };
  const at = (id: string, entity: string) =>
    log.runs[0]!.results.find((r) => r.ruleId === id && r.properties.entity === entity)!
      .locations[0]!.physicalLocation.region.startLine;
  const doSearch = text.indexOf('"name": "do_search"');
  assert.equal(
    at('input-authorization-argument', 'tool:do_search'),
    lineOfText('"role": {', doSearch),
  );
  assert.equal(at('description-hidden-characters', 'server'), lineOfText('"instructions"'));
  assert.equal(
    at('resource-uri-sensitive', 'resource:https://notes.example/dump?token=abc'),
    lineOfText('"uri": "https://notes.example/dump?token=abc"'),
  );
  // Absent from the text (output-schema-missing points at a member that is not there): the tool's own line.
  assert.equal(at('output-schema-missing', 'tool:do_search'), lineOfText('{', doSearch - 40));
});

test('line locator: keys, arrays, prompt arguments by name, nearest ancestor, unknown entity', () => {
  const text =
    '{\n  "tools": [\n    { "name": "a",\n      "inputSchema": {\n        "type": "object" } }\n  ],\n  "prompts": [ { "name": "p", "arguments": [\n    { "name": "x" },\n    { "name": "y/z",\n      "description": "d" } ] } ]\n}\n';
  const lines = jsonLines(text);
  assert.equal(lines.get(''), 1);
  assert.equal(lines.get('/tools/0/inputSchema/type'), 5);
  const locate = lineLocator(text);
  assert.equal(locate('tool:a', '/inputSchema/type'), 5);
  assert.equal(locate('tool:a', '/inputSchema/properties/q'), 4);
  assert.equal(locate('prompt:p', '/arguments/y~1z/description'), 10);
  assert.equal(locate('tool:gone', '/name'), 1);
  assert.equal(locate('server', '/prompts'), 7);
});

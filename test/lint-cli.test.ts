import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { bin, repoRoot } from './helpers/paths.js';

/** The real bin, run as users and CI run it, from a temp folder (no config unless a test writes one). */
const fixtures = join(repoRoot, 'fixtures/lint');
let dir: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-codegen-lint-'));
  for (const f of ['good.json', 'report.json']) cpSync(join(fixtures, f), join(dir, f));
  const good = JSON.parse(readFileSync(join(fixtures, 'good.json'), 'utf8')) as {
    tools: Array<Record<string, unknown>>;
  };
  // Only warnings: the well-made catalog with one output schema dropped.
  delete good.tools[0]!.outputSchema;
  writeFileSync(join(dir, 'warnings.json'), JSON.stringify(good));
  const policy = JSON.parse(readFileSync(join(fixtures, 'policy.json'), 'utf8')) as unknown;
  writeFileSync(
    join(dir, 'policy.config.json'),
    JSON.stringify({
      servers: [{ name: 'notes', source: { snapshot: 'report.json' }, out: 'out', lint: policy }],
      lint: { rules: { 'resource-uri-sensitive': 'warning' } },
    }),
  );
  writeFileSync(
    join(dir, 'bad.config.json'),
    JSON.stringify({
      servers: [
        {
          name: 'notes',
          source: { snapshot: 'report.json' },
          out: 'out',
          lint: { rules: { 'output-schema-mising': 'off' } },
        },
      ],
    }),
  );
  const poisoned = JSON.parse(
    readFileSync(join(fixtures, 'rules/description-instruction-like.json'), 'utf8'),
  ) as { fires: unknown };
  writeFileSync(join(dir, 'poisoned.json'), JSON.stringify(poisoned.fires));
  writeFileSync(
    join(dir, 'generate.config.json'),
    JSON.stringify({
      servers: [{ name: 'notes', source: { snapshot: 'poisoned.json' }, out: 'client' }],
    }),
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' },
      (error, stdout, stderr) => {
        done({
          code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}

test('exit 0 and "No findings." on a well-made catalog', async () => {
  const r = await run(['lint', 'good.json']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /No findings\.\n\n0 errors, 0 warnings, 0 info\n$/);
});

test('exit 1 on errors; --fail-on decides what fails', async () => {
  const errors = await run(['lint', 'report.json']);
  assert.equal(errors.code, 1, errors.stderr);
  assert.match(errors.stdout, /description-instruction-like/);
  assert.equal((await run(['lint', 'report.json', '--fail-on', 'none'])).code, 0);
  assert.equal((await run(['lint', 'warnings.json'])).code, 0);
  assert.equal((await run(['lint', 'warnings.json', '--fail-on', 'warning'])).code, 1);
});

test("--server lints that server's committed snapshot with the top-level and server policies", async () => {
  const r = await run([
    'lint',
    '--config',
    'policy.config.json',
    '--server',
    'notes',
    '--format',
    'json',
  ]);
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout) as {
    snapshot: string;
    findings: Array<{ id: string; level: string }>;
    suppressed: Array<{ id: string }>;
  };
  assert.equal(report.snapshot, 'report.json');
  assert.equal(report.findings.find((f) => f.id === 'resource-uri-sensitive')!.level, 'warning');
  assert.equal(report.findings.find((f) => f.id === 'tool-name-versioned')!.level, 'info');
  assert.deepEqual(
    report.suppressed.map((s) => s.id),
    ['output-schema-missing'],
  );
});

test('--format sarif --output writes the SARIF log to the file', async () => {
  const r = await run([
    'lint',
    'report.json',
    '--format',
    'sarif',
    '--output',
    'lint.sarif',
    '--fail-on',
    'none',
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  const log = JSON.parse(readFileSync(join(dir, 'lint.sarif'), 'utf8')) as {
    version: string;
    runs: Array<{ results: unknown[] }>;
  };
  assert.equal(log.version, '2.1.0');
  assert.ok(log.runs[0]!.results.length > 0);
});

test('diff takes --format sarif too', async () => {
  const r = await run([
    'diff',
    'good.json',
    'report.json',
    '--format',
    'sarif',
    '--fail-on',
    'none',
  ]);
  assert.equal(r.code, 0, r.stderr);
  const log = JSON.parse(r.stdout) as {
    runs: Array<{ tool: { driver: { name: string } }; results: Array<{ ruleId: string }> }>;
  };
  assert.equal(log.runs[0]!.tool.driver.name, 'mcp-codegen diff');
  assert.ok(log.runs[0]!.results.some((x) => x.ruleId === 'tool-added'));
});

test('a snapshot in git (<rev>:<path>) is linted, and SARIF names the path without the revision', async () => {
  const git = (...args: string[]) =>
    new Promise<void>((done, fail) =>
      execFile('git', args, { cwd: dir }, (error) => (error ? fail(error) : done())),
    );
  await git('init', '-q');
  await git('add', 'report.json');
  await git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'snapshot');
  const r = await run(['lint', 'HEAD:report.json', '--format', 'sarif', '--fail-on', 'none']);
  assert.equal(r.code, 0, r.stderr);
  const log = JSON.parse(r.stdout) as {
    runs: Array<{
      artifacts: Array<{ location: { uri: string } }>;
      results: Array<{ locations: Array<{ physicalLocation: { region: { startLine: number } } }> }>;
    }>;
  };
  assert.equal(log.runs[0]!.artifacts[0]!.location.uri, 'report.json');
  assert.ok(
    log.runs[0]!.results.some((x) => x.locations[0]!.physicalLocation.region.startLine > 1),
    'lines come from the text git showed',
  );
});

test('exit 2 with the place and a hint: misspelt rule id, no snapshot, bad flags', async () => {
  const bad = await run(['lint', '--config', 'bad.config.json', '--server', 'notes']);
  assert.equal(bad.code, 2);
  assert.match(
    bad.stderr,
    /bad\.config\.json at \/servers\/0\/lint\/rules\/output-schema-mising: unknown lint rule id/,
  );
  assert.match(bad.stderr, /did you mean "output-schema-missing"/);
  const none = await run(['lint']);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /needs a config file[\s\S]*hint: pass a snapshot file/);
  const format = await run(['lint', 'good.json', '--format', 'xml']);
  assert.equal(format.code, 2);
  assert.match(format.stderr, /invalid --format "xml"[\s\S]*sarif/);
  const missing = await run(['lint', 'nope.json']);
  assert.equal(missing.code, 2);
});

test('generate prints the security findings as warnings and still succeeds', async () => {
  const r = await run(['generate', '--config', 'generate.config.json']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stderr,
    /warning: notes: lint description-instruction-like \(error\): tool "search_notes": the description addresses the model/,
  );
  assert.match(
    r.stderr,
    /warning: notes: lint description-instruction-like \(error\): tool "list_notes"/,
  );
  // Only the security family: style rules stay out of generate.
  assert.doesNotMatch(r.stderr, /output-schema-missing|tool-name-/);
  assert.ok(readFileSync(join(dir, 'client/client.ts'), 'utf8').length > 0);
});

/**
 * `diff --impact` on fixtures/impact/project: a real project whose client is generated (in a temp
 * copy, from snapshot A) by the real CLI, in both layouts. Every call site in the project says
 * which finding it expects (`// @expect <rule-id> <field> [unknown]`); the report must list exactly
 * those. Then the compiler is the oracle: regenerated from B, every error tsc reports is a site.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { diffCommand } from '../src/cli/diff.js';
import type { Io } from '../src/cli/io.js';
import type { DiffReport } from '../src/diff/types.js';
import { bin, repoRoot } from './helpers/paths.js';
import { tscProject } from './helpers/tsc.js';

const exec = promisify(execFile);
const fixture = join(repoRoot, 'fixtures/impact');
const A = join(fixture, 'A.snapshot.json');
const B = join(fixture, 'B.snapshot.json');
const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A temp copy of the project with its client generated from `snapshot` by the real CLI. */
async function project(layout: 'single' | 'per-tool', snapshot = A): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-codegen-impact-'));
  dirs.push(dir);
  cpSync(join(fixture, 'project'), dir, { recursive: true });
  await generate(dir, layout, snapshot);
  return dir;
}

let shared: Promise<string> | undefined;
/** One generated copy for the tests that only read it: generating costs seconds. */
const singleProject = () => (shared ??= project('single'));

async function generate(dir: string, layout: string, snapshot: string): Promise<void> {
  const server = { name: 'weather', source: { snapshot }, out: 'src/client', layout };
  writeFileSync(join(dir, 'mcp-codegen.config.json'), JSON.stringify({ servers: [server] }));
  await exec(process.execPath, [bin, 'generate', '--config', 'mcp-codegen.config.json'], {
    cwd: dir,
  });
}

async function diff(cwd: string, args: string[]): Promise<{ code: number; out: string }> {
  const stdout = Object.assign(new PassThrough(), { isTTY: false });
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const io: Io = { stdout, stderr: new PassThrough(), cwd, env: {} };
  const code = await diffCommand.run(args, io);
  return { code, out };
}

async function impactReport(cwd: string, extra: string[] = []): Promise<DiffReport> {
  const { out } = await diff(cwd, [A, B, '--impact', '--format', 'json', ...extra]);
  return JSON.parse(out) as DiffReport;
}

/** `<rule> <field> <file>:<line>`, with `unknown` where the site cannot be resolved. */
function expectedSites(): string[] {
  const app = join(fixture, 'project/src/app');
  return readdirSync(app).flatMap((name) =>
    readFileSync(join(app, name), 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        [...line.matchAll(/@expect (\S+) ([^\s;]+)( unknown)?/g)].map(
          (m) => `${m[1]} ${m[2]} src/app/${name}:${i + 1}${m[3] ?? ''}`,
        ),
      ),
  );
}

function reportedSites(report: DiffReport): string[] {
  return report.findings.flatMap((f) => {
    const field =
      f.id === 'tool-removed' ? f.entity.slice('tool:'.length) : f.pointer.split('/').pop();
    return (f.impact?.sites ?? []).map(
      (s) =>
        `${f.id} ${field} ${s.file}:${s.line}${s.evidence.startsWith('cannot tell:') ? ' unknown' : ''}`,
    );
  });
}

const sorted = (list: string[]) => [...new Set(list)].sort();
const statuses = (report: DiffReport) =>
  Object.fromEntries(report.findings.map((f) => [`${f.id} ${f.entity}`, f.impact?.status]));

const WANT_STATUS = {
  'tool-input-property-removed tool:get_forecast': 'unknown',
  'tool-input-property-became-required tool:get_forecast': 'unknown',
  'tool-removed tool:legacy_search': 'used',
  'tool-input-required-property-added tool:set_alert': 'used',
  'tool-input-property-removed tool:unused_tool': 'unused',
};

let single: DiffReport | undefined;

test('single layout, client found by its header: exactly the marked sites, unknown only where marked', async () => {
  const dir = await singleProject();
  single = await impactReport(dir);
  assert.deepEqual(single.impact?.problems, []);
  assert.equal(single.impact?.client, 'src/client');
  assert.ok(single.impact!.files >= 8, `files: ${single.impact?.files}`);
  assert.deepEqual(sorted(reportedSites(single)), sorted(expectedSites()));
  assert.deepEqual(statuses(single), WANT_STATUS);
});

test('per-tool layout, client from --server: the same sites', async () => {
  const dir = await project('per-tool');
  const report = await impactReport(dir, [
    '--server',
    'weather',
    '--config',
    'mcp-codegen.config.json',
  ]);
  assert.deepEqual(sorted(reportedSites(report)), sorted(expectedSites()));
  assert.deepEqual(statuses(report), WANT_STATUS);
});

test('a client already regenerated from the head: the removed tool is still found by its base name', async () => {
  const dir = await project('single', B);
  const report = await impactReport(dir);
  assert.deepEqual(report.impact?.problems, []);
  assert.deepEqual(sorted(reportedSites(report)), sorted(expectedSites()));
  assert.deepEqual(statuses(report), WANT_STATUS);
});

test('the compiler as oracle: regenerated from B, every tsc error in the project is a reported site', async () => {
  const dir = await project('single');
  const report = single ?? (await impactReport(dir));
  await generate(dir, 'single', B);
  // `tsc --noEmit -p tsconfig.app.json` in the project (its config sets noEmit).
  const result = await tscProject(join(dir, 'tsconfig.app.json'), dir);
  const errors = [...result.output.matchAll(/^(src\/[^(]+)\((\d+),\d+\): error (TS\d+)/gm)].map(
    (m) => ({ at: `${m[1]}:${m[2]}`, code: m[3]! }),
  );
  // The oracle has teeth: each kind of break the fixture is built to show is there.
  const codes = new Set(errors.map((e) => e.code));
  for (const code of ['TS2353', 'TS2305', 'TS2339'])
    assert.ok(codes.has(code), `${code} in ${result.output}`);
  assert.ok(codes.has('TS2345') || codes.has('TS2741'), result.output);
  const sites = new Set(
    report.findings.flatMap((f) => f.impact!.sites.map((s) => `${s.file}:${s.line}`)),
  );
  assert.deepEqual(
    errors.filter((e) => !sites.has(e.at)),
    [],
  );
});

test('--downgrade-unused lowers only the unused error, keeps originalLevel, and the exit code follows', async () => {
  const dir = await singleProject();
  const { code, out } = await diff(dir, [
    A,
    B,
    '--impact',
    '--downgrade-unused',
    '--format',
    'json',
  ]);
  const report = JSON.parse(out) as DiffReport;
  assert.equal(code, 1, 'the used and unknown errors remain');
  for (const f of report.findings) {
    if (f.impact?.status === 'unused') {
      assert.equal(f.level, 'warning');
      assert.equal(f.originalLevel, 'error');
      assert.match(f.downgradeReason!, /no code in tsconfig\.json reaches it/);
    } else {
      assert.equal(f.level, 'error', f.id);
      assert.equal(f.originalLevel, undefined);
    }
  }
  assert.equal(report.summary.warning, 1);
  // A head whose only break is in the unused tool: exit 1 without the flag, 0 with it.
  const onlyUnused = JSON.parse(readFileSync(A, 'utf8')) as {
    tools: Array<{ name: string; inputSchema: object }>;
  };
  onlyUnused.tools.find((t) => t.name === 'unused_tool')!.inputSchema = {
    type: 'object',
    properties: {},
  };
  const head = join(dir, 'head.json');
  writeFileSync(head, JSON.stringify(onlyUnused));
  assert.equal((await diff(dir, [A, head, '--impact'])).code, 1);
  assert.equal((await diff(dir, [A, head, '--impact', '--downgrade-unused'])).code, 0);
});

test('a project with no files is loudly unknown, never unused', async () => {
  const dir = await singleProject();
  writeFileSync(join(dir, 'empty.json'), JSON.stringify({ files: [] }));
  const report = await impactReport(dir, [
    '--project',
    'empty.json',
    '--server',
    'weather',
    '--config',
    'mcp-codegen.config.json',
  ]);
  assert.match(report.impact!.problems.join('\n'), /list no source files/);
  for (const f of report.findings) assert.equal(f.impact?.status, 'unknown', f.id);
  const text = await diff(dir, [
    A,
    B,
    '--impact',
    '--project',
    'empty.json',
    '--server',
    'weather',
    '--config',
    'mcp-codegen.config.json',
  ]);
  assert.match(text.out, /impact incomplete: .*list no source files/);
});

test('an import that does not resolve makes "unused" unprovable: unknown, with the reason', async () => {
  const dir = await project('single');
  writeFileSync(join(dir, 'src/app/broken.ts'), "export { lost } from './nowhere.js';\n");
  const report = await impactReport(dir);
  assert.match(
    report.impact!.problems.join('\n'),
    /src\/app\/broken\.ts:1: import ".\/nowhere.js" does not resolve/,
  );
  const unused = report.findings.find((f) => f.entity === 'tool:unused_tool')!;
  assert.equal(unused.impact?.status, 'unknown');
  assert.match(unused.impact!.reason!, /not read whole/);
  // What was found stays found.
  assert.equal(statuses(report)['tool-removed tool:legacy_search'], 'used');
});

test('every format carries the sites: text, markdown under the finding, github file=/line=, SARIF related locations', async () => {
  const dir = await singleProject();
  const run = async (format: string) =>
    (await diff(dir, [A, B, '--impact', '--format', format])).out;
  assert.match(
    await run('text'),
    /impact used: 5 sites\n {12}src\/app\/alias\.ts:4:31 omits "level"/,
  );
  assert.match(
    await run('markdown'),
    /`tool-input-required-property-added`.*\n {2}- impact used: 5 sites\n {4}- src\/app\/alias\.ts:4:31 omits "level"/,
  );
  assert.match(await run('github'), /^::error file=src\/app\/alias\.ts,line=4,col=31,title=/m);
  const sarif = JSON.parse(await run('sarif')) as {
    runs: Array<{
      results: Array<{
        ruleId: string;
        relatedLocations?: Array<{
          physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
        }>;
      }>;
    }>;
  };
  const added = sarif.runs[0]!.results.find(
    (r) => r.ruleId === 'tool-input-required-property-added',
  )!;
  assert.deepEqual(
    added.relatedLocations?.map(
      (l) => `${l.physicalLocation.artifactLocation.uri}:${l.physicalLocation.region.startLine}`,
    ),
    [
      'src/app/alias.ts:4',
      'src/app/methods.ts:8',
      'src/app/namespace.ts:4',
      'src/app/namespace.ts:5',
      'src/app/via-barrel.ts:5',
    ],
  );
});

test('--project and --downgrade-unused without --impact are a usage error', async () => {
  await assert.rejects(diff(repoRoot, [A, B, '--downgrade-unused']), /go with --impact/);
  const help = diffCommand.help.replace(/\s+/g, ' ');
  for (const flag of ['--impact', '--project <tsconfig>', '--downgrade-unused'])
    assert.ok(help.includes(flag), flag);
  assert.match(help, /call sites are not all the consumers of a published SDK/);
});

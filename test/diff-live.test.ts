/**
 * `diff <snapshot> --live` against a running fixture server (fixtures/servers/drifting.ts started
 * with `--mutated`) reports the same findings, with the same exit code, as `diff` between the two
 * snapshot files taken of it before and after the change.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, test } from 'node:test';
import type { Io } from '../src/cli/io.js';
import { main } from '../src/cli/main.js';
import { tmpRoot } from './helpers/paths.js';
import { fixtureCommand } from './helpers/servers.js';

// Under the repository (test/.tmp), so the server's `--import tsx` resolves from node_modules.
const dir = join(tmpRoot, 'diff-live');

function io(): { io: Io; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  return { io: { stdout, stderr, cwd: dir, env: process.env }, out: () => out, err: () => err };
}

async function run(args: string[]) {
  const streams = io();
  const code = await main(args, streams.io);
  return { code, stdout: streams.out(), stderr: streams.err() };
}

before(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [file, extra] of [
    ['before.json', []],
    ['after.json', ['--mutated']],
  ] as const) {
    const r = await run([
      'snapshot',
      '--stdio',
      fixtureCommand('drifting', ...extra),
      '--out',
      file,
    ]);
    assert.equal(r.code, 0, r.stderr);
  }
  writeFileSync(
    join(dir, 'live.config.json'),
    JSON.stringify({
      servers: [
        {
          name: 'drifting',
          source: { stdio: fixtureCommand('drifting', '--mutated') },
          out: 'out',
        },
        { name: 'frozen', source: { snapshot: 'before.json' }, out: 'frozen' },
      ],
    }),
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The report without the labels of base and head, which name the files or the live server. */
const findings = (json: string) => {
  const report = JSON.parse(json) as { base: unknown; head: unknown; findings: unknown[] };
  return { ...report, base: undefined, head: undefined };
};

test('diff --live reports what diff between the two snapshot files reports, with the same exit code', async () => {
  const files = await run(['diff', 'before.json', 'after.json', '--format', 'json']);
  const live = await run([
    'diff',
    'before.json',
    '--live',
    '--server',
    'drifting',
    '--config',
    'live.config.json',
    '--format',
    'json',
  ]);
  assert.equal(files.code, 1, 'a removed tool is an error');
  assert.equal(live.code, files.code, live.stderr);
  assert.deepEqual(findings(live.stdout), findings(files.stdout));
  const ids = (
    JSON.parse(live.stdout) as { findings: Array<{ id: string; entity: string }> }
  ).findings.map((f) => `${f.id} ${f.entity}`);
  assert.ok(ids.includes('tool-removed tool:retire'), ids.join('\n'));
  assert.ok(ids.includes('tool-description-changed tool:forecast'), ids.join('\n'));

  const unchanged = await run([
    'diff',
    'after.json',
    '--live',
    '--server',
    'drifting',
    '--config',
    'live.config.json',
  ]);
  assert.equal(unchanged.code, 0, unchanged.stdout + unchanged.stderr);
});

test('diff --live says which server it needs, and refuses a server read from a snapshot file', async () => {
  const which = await run(['diff', 'before.json', '--live', '--config', 'live.config.json']);
  assert.equal(which.code, 2);
  assert.match(which.stderr, /has 2 servers; which one is live\?[\s\S]*--server <name>/);
  const frozen = await run([
    'diff',
    'before.json',
    '--live',
    '--server',
    'frozen',
    '--config',
    'live.config.json',
  ]);
  assert.equal(frozen.code, 2);
  assert.match(frozen.stderr, /read from a snapshot file/);
  const two = await run([
    'diff',
    'before.json',
    'after.json',
    '--live',
    '--server',
    'drifting',
    '--config',
    'live.config.json',
  ]);
  assert.equal(two.code, 2);
  assert.match(two.stderr, /expected one snapshot/);
});

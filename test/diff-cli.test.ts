import assert from 'node:assert/strict';
import { bin, repoRoot } from './helpers/paths.js';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PassThrough } from 'node:stream';
import { diffCommand } from '../src/cli/diff.js';
import { main } from '../src/cli/main.js';
import type { Io } from '../src/cli/io.js';

/** The real bin, run as users and CI run it, from a folder with no config. */
const fixtures = join(repoRoot, 'fixtures', 'diff');
let dir: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-codegen-diff-'));
  for (const f of ['base.json', 'head.json']) cpSync(join(fixtures, f), join(dir, f));
  // A pair whose only change is a warning.
  const base = JSON.parse(
    readFileSync(join(fixtures, 'rules', 'resource-mime-type-changed.json'), 'utf8'),
  ) as { base: unknown; head: unknown };
  writeFileSync(join(dir, 'warn-base.json'), JSON.stringify(base.base));
  writeFileSync(join(dir, 'warn-head.json'), JSON.stringify(base.head));
  writeFileSync(join(dir, 'broken.json'), '{ "tools": [ }');
  // The golden files are rendered with fixtures/diff/policy.json as the top-level policy.
  const policy = JSON.parse(readFileSync(join(fixtures, 'policy.json'), 'utf8')) as unknown;
  writeFileSync(
    join(dir, 'policy.config.json'),
    JSON.stringify({
      servers: [{ name: 'docs', source: { snapshot: 'head.json' }, out: 'out' }],
      diff: policy,
    }),
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], cwd = dir, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((done) => {
    const childEnv = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...env };
    execFile(
      process.execPath,
      [bin, 'diff', ...args],
      { cwd, env: childEnv, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

test('exit 0: no change', async () => {
  const r = await run(['base.json', 'base.json']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /No changes\./);
});

test('exit 1: breaking changes (default --fail-on error), with the report on stdout', async () => {
  const r = await run(['base.json', 'head.json']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /tool-input-enum-value-removed/);
  assert.match(r.stdout, /8 errors, 1 warning, 6 info\n$/);
  assert.equal(r.stderr, '');
});

test('--fail-on: none never fails; warning and info fail on lesser findings', async () => {
  assert.equal((await run(['base.json', 'head.json', '--fail-on', 'none'])).code, 0);
  assert.equal((await run(['warn-base.json', 'warn-head.json'])).code, 0);
  assert.equal((await run(['warn-base.json', 'warn-head.json', '--fail-on', 'warning'])).code, 1);
  assert.equal((await run(['warn-base.json', 'warn-head.json', '--fail-on', 'info'])).code, 1);
});

test('exit 2: unreadable input and bad usage, with a message and a hint, no stack trace', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['missing.json', 'head.json'], /missing\.json: no such file/],
    [['broken.json', 'head.json'], /broken\.json: is not valid JSON/],
    [['base.json'], /expected two snapshots, <base> and <head>, got 1/],
    [
      ['base.json', 'head.json', '--format', 'yaml'],
      /invalid --format "yaml"[\s\S]*hint: use one of: text, markdown, json, github/,
    ],
    [['base.json', 'head.json', '--fail-on', 'fatal'], /invalid --fail-on "fatal"/],
    [['base.json', 'head.json', '--bogus'], /Unknown option '--bogus'/],
    [['base.json', 'head.json', '--server', 'docs'], /--server docs needs a config file/],
    [['base.json', 'head.json', '--config', 'nope.json'], /config file not found/],
  ];
  for (const [args, pattern] of cases) {
    const r = await run(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, pattern, args.join(' '));
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  }
});

test('--format and --output: each format through the bin matches the golden file', async () => {
  const expected = join(fixtures, 'expected');
  const golden: Record<string, string> = {
    text: 'report.txt',
    markdown: 'report.md',
    json: 'report.json',
    github: 'report.github.txt',
  };
  for (const [format, file] of Object.entries(golden)) {
    const r = await run([
      'base.json',
      'head.json',
      '--format',
      format,
      '--output',
      `out.${format}`,
      '--config',
      'policy.config.json',
    ]);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, '', 'nothing on stdout with --output');
    assert.equal(
      readFileSync(join(dir, `out.${format}`), 'utf8'),
      readFileSync(join(expected, file), 'utf8'),
      format,
    );
  }
});

test('config: found from the cwd, or named; --server applies its policy and errors on top', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'mcp-codegen-diff-config-'));
  try {
    for (const f of ['base.json', 'head.json']) cpSync(join(fixtures, f), join(configDir, f));
    const config = {
      servers: [
        {
          name: 'docs',
          source: { snapshot: 'head.json' },
          out: 'out',
          diff: { rules: { 'capability-removed': 'warning' } },
          errors: { tools: { search: { _jmespath_error: 'documented in the error catalog' } } },
        },
      ],
      diff: {
        rules: {
          'tool-removed': 'off',
          'tool-input-enum-value-removed': 'warning',
          'tool-input-constraint-tightened': 'warning',
        },
        ignore: [
          {
            rule: 'tool-output-property-became-optional',
            entity: 'tool:search',
            reason: 'total is computed lazily now',
          },
          { rule: 'resource-template-uri-changed', reason: 'old URIs redirect' },
          {
            rule: 'prompt-argument-became-required',
            entity: 'prompt:summarize',
            reason: 'style was always needed',
          },
        ],
      },
    };
    writeFileSync(join(configDir, 'package.json'), '{ "name": "fixture" }');
    writeFileSync(join(configDir, 'mcp-codegen.config.json'), JSON.stringify(config));
    const found = await run(['base.json', 'head.json', '--format', 'json'], configDir);
    assert.equal(found.code, 1, found.stderr);
    const report = JSON.parse(found.stdout) as {
      findings: Array<{ id: string; level: string }>;
      suppressed: unknown[];
    };
    assert.deepEqual(
      report.findings.filter((f) => f.level === 'error').map((f) => f.id),
      ['capability-removed'],
    );
    assert.equal(report.suppressed.length, 3);
    const withServer = await run(['base.json', 'head.json', '--server', 'docs'], configDir);
    assert.equal(withServer.code, 0, withServer.stdout + withServer.stderr);
    // The server's error catalog still declares a code the schema dropped: no error-code-removed.
    const codes = JSON.parse(
      readFileSync(join(fixtures, 'rules', 'error-code-removed.json'), 'utf8'),
    ) as { base: unknown; head: unknown };
    writeFileSync(join(configDir, 'codes-base.json'), JSON.stringify(codes.base));
    writeFileSync(join(configDir, 'codes-head.json'), JSON.stringify(codes.head));
    const withoutCatalog = await run(
      ['codes-base.json', 'codes-head.json', '--fail-on', 'info'],
      configDir,
    );
    assert.equal(withoutCatalog.code, 1);
    assert.match(withoutCatalog.stdout, /error-code-removed/);
    const withCatalog = await run(
      ['codes-base.json', 'codes-head.json', '--fail-on', 'info', '--server', 'docs'],
      configDir,
    );
    assert.equal(withCatalog.code, 0, withCatalog.stdout);
    const unknown = await run(['base.json', 'head.json', '--server', 'nope'], configDir);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no server named "nope"[\s\S]*hint: servers in the config: docs/);

    writeFileSync(
      join(configDir, 'mcp-codegen.config.json'),
      JSON.stringify({ ...config, diff: { rules: { 'tool-remove': 'off' } } }),
    );
    const bad = await run(['base.json', 'head.json'], configDir);
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /mcp-codegen\.config\.json at \/diff\/rules\/tool-remove: unknown rule id "tool-remove"[\s\S]*did you mean "tool-removed"/,
    );
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
});

test("git revisions: <rev>:<path> is read with git show; failures are exit 2 with git's message", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'mcp-codegen-diff-git-'));
  const git = (...args: string[]) =>
    new Promise<void>((done, fail) =>
      execFile(
        'git',
        [
          '-c',
          'user.name=test',
          '-c',
          'user.email=test@example.com',
          '-c',
          'commit.gpgsign=false',
          ...args,
        ],
        { cwd: repo },
        (e, _o, stderr) => (e ? fail(new Error(stderr)) : done()),
      ),
    );
  try {
    await git('init', '-q');
    cpSync(join(fixtures, 'base.json'), join(repo, 'server.snapshot.json'));
    await git('add', 'server.snapshot.json');
    await git('commit', '-q', '-m', 'base');
    cpSync(join(fixtures, 'head.json'), join(repo, 'server.snapshot.json'));

    const changed = await run(
      ['HEAD:server.snapshot.json', 'server.snapshot.json', '--format', 'json'],
      repo,
    );
    assert.equal(changed.code, 1, changed.stderr);
    const report = JSON.parse(changed.stdout) as { base: string; summary: { error: number } };
    assert.equal(report.base, 'HEAD:server.snapshot.json');
    assert.equal(report.summary.error, 8);

    const same = await run(['HEAD:server.snapshot.json', 'HEAD:./server.snapshot.json'], repo);
    assert.equal(same.code, 0, same.stderr);

    const badRev = await run(['no-such-branch:server.snapshot.json', 'server.snapshot.json'], repo);
    assert.equal(badRev.code, 2);
    assert.match(
      badRev.stderr,
      /no-such-branch:server\.snapshot\.json: is not a file, and `git show no-such-branch:server\.snapshot\.json` failed: fatal: /,
    );
    const badPath = await run(['HEAD:nope.json', 'server.snapshot.json'], repo);
    assert.equal(badPath.code, 2);
    assert.match(badPath.stderr, /fatal: path 'nope\.json' does not exist in 'HEAD'/);

    // An existing file wins over the git reading, even with a colon in its name.
    cpSync(join(fixtures, 'head.json'), join(repo, 'HEAD:odd.json'));
    const file = await run(['HEAD:odd.json', 'server.snapshot.json'], repo);
    assert.equal(file.code, 0, file.stderr);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});

/** In-process, to control the terminal: colour only on a TTY without NO_COLOR. */
function fakeIo(isTTY: boolean, env: NodeJS.ProcessEnv): { io: Io; out: () => string } {
  const stdout = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { io: { stdout, stderr: new PassThrough(), cwd: dir, env }, out: () => text };
}

test('colour: on a terminal unless NO_COLOR is set; never when piped', async () => {
  const tty = fakeIo(true, {});
  assert.equal(await diffCommand.run(['base.json', 'head.json'], tty.io), 1);
  assert.match(tty.out(), /\u001b\[31m/);
  const noColor = fakeIo(true, { NO_COLOR: '1' });
  await diffCommand.run(['base.json', 'head.json'], noColor.io);
  assert.doesNotMatch(noColor.out(), /\u001b\[/);
  const piped = fakeIo(false, {});
  await diffCommand.run(['base.json', 'head.json'], piped.io);
  assert.doesNotMatch(piped.out(), /\u001b\[/);
});

test('help lists every option, the exit codes and every rule id', async () => {
  const { io, out } = fakeIo(false, {});
  assert.equal(await main(['diff', '--help'], io), 0);
  for (const word of [
    '--format',
    '--fail-on',
    '--config',
    '--server',
    '--output',
    'Exit codes',
    'tool-removed',
    'error-code-removed',
    '<rev>:<path>',
  ]) {
    assert.ok(out().includes(word), word);
  }
});

/**
 * The GitHub Action (action.yml, scripts/action/): its script run as the runner runs it, against a
 * loopback server that speaks the GitHub REST endpoints it uses and checks the token on every
 * request (test/helpers/github-server.ts). Twice on one pull request it creates one comment and
 * then updates that same comment; the composite steps themselves run in bash with a runner's
 * GITHUB_* environment, on a fork's read-only token; the token never reaches a line or file.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, test } from 'node:test';
import { parse } from 'yaml';
import { commentBody, cutReport, markerFor, upsertComment } from '../scripts/action/comment.mjs';
import { GitHubApi, GitHubApiError } from '../scripts/action/github.mjs';
import { InputError, pullRequestOf, readInputs } from '../scripts/action/inputs.mjs';
import { runAction } from '../scripts/action/run.mjs';
import { main } from '../src/cli/main.js';
import { startGitHub, type LoopbackGitHub } from './helpers/github-server.js';
import { repoRoot } from './helpers/paths.js';

const TOKEN = 'ghs_loopbackT0ken-not-for-any-log';
const REPOSITORY = 'octo/weather';
const BASE = 'fixtures/diff/base.json';
const HEAD = 'fixtures/diff/head.json';

let dir: string;
let github: LoopbackGitHub;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-codegen-action-'));
  github = await startGitHub({ token: TOKEN, repository: REPOSITORY, pageSize: 2 });
});
after(async () => {
  await github.close();
  await rm(dir, { recursive: true, force: true });
});

/** A runner's environment for a pull_request event on `pr` (from a fork when `fork` is given). */
async function runner(name: string, pr: number, fork?: string): Promise<Record<string, string>> {
  const event = join(dir, `${name}.event.json`);
  await writeFile(
    event,
    JSON.stringify({
      action: 'synchronize',
      number: pr,
      pull_request: {
        number: pr,
        head: { sha: 'c0ffee1234567890', repo: { full_name: fork ?? REPOSITORY } },
        base: { sha: 'bead000', repo: { full_name: REPOSITORY } },
      },
      repository: { full_name: REPOSITORY },
    }),
  );
  const summary = join(dir, `${name}.summary.md`);
  const output = join(dir, `${name}.output`);
  await Promise.all([writeFile(summary, ''), writeFile(output, '')]);
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '4242',
    GITHUB_SHA: 'merge0000000',
    GITHUB_WORKSPACE: repoRoot,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    RUNNER_TEMP: dir,
  };
}

/** `node scripts/action/run.mjs`, as the composite step runs it. */
function runScript(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [join(repoRoot, 'scripts/action/run.mjs')], env, repoRoot);
}

function run(command: string, args: string[], env: Record<string, string>, cwd: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', fail);
    child.once('close', (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

function outputs(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

function assertNoToken(...texts: string[]): void {
  for (const text of texts) assert.ok(!text.includes(TOKEN), 'the token appears in output');
}

test('run twice on one pull request: the first run creates one comment, the second updates that same comment', async () => {
  // People's comments come first, over two pages: the marker is found past the first page.
  for (const body of ['LGTM', `> ${markerFor(HEAD)}\n> quoted, not ours`, 'one more'])
    github.comments.push({
      id: github.comments.length + 1,
      issue: 7,
      body,
      user: { login: 'reviewer' },
      html_url: 'https://github.example/x',
    });
  // The diff policy of a config the `config` input names: the counts are those of the golden report.
  const config = join(dir, 'mcp-codegen.config.json');
  await writeFile(
    config,
    JSON.stringify({
      servers: [{ name: 'weather', source: { snapshot: join(repoRoot, HEAD) }, out: 'client' }],
      diff: JSON.parse(readFileSync(join(repoRoot, 'fixtures/diff/policy.json'), 'utf8')),
    }),
  );
  const first = await runner('first', 7);
  const one = await runScript({
    ...first,
    INPUT_BASE: BASE,
    INPUT_HEAD: HEAD,
    INPUT_FAIL_ON: 'error',
    INPUT_CONFIG: config,
    MCP_CODEGEN_ACTION_TOKEN: TOKEN,
  });
  assert.equal(
    one.code,
    1,
    `fail-on error with 7 errors fails the job\n${one.stdout}${one.stderr}`,
  );
  const ours = github.comments.filter(
    (c) => c.issue === 7 && c.body.startsWith(`${markerFor(HEAD)}\n`),
  );
  assert.equal(ours.length, 1);
  const created = ours[0]!;
  assert.match(
    created.body,
    /^<!-- mcp-codegen-action fixtures%2Fdiff%2Fhead\.json -->\n### mcp-codegen diff: fixtures\/diff\/base\.json → fixtures\/diff\/head\.json\n/,
  );
  assert.match(created.body, /\| 🔴 error \| 7 \|/);
  assert.match(
    created.body,
    /<sub>mcp-codegen diff of c0ffee1, fail-on `error` · \[run\]\(https:\/\/github\.example\/octo\/weather\/actions\/runs\/4242\)<\/sub>\n$/,
  );
  // The annotations reach the runner on stdout; the log says what was done.
  assert.match(
    one.stdout,
    /^::error title=mcp-codegen diff%3A capability-removed \(server\)::server: capability resources\.subscribe was removed$/m,
  );
  assert.match(
    one.stdout,
    new RegExp(`mcp-codegen: pull-request comment created: ${escape(created.html_url)}\n`),
  );
  const summary = readFileSync(first.GITHUB_STEP_SUMMARY!, 'utf8');
  assert.match(summary, /^### mcp-codegen diff: /);
  assert.match(
    summary,
    /\*\*Gate:\*\* failed: findings at or above `error` \(7 error, 3 warning, 4 info\)/,
  );
  assert.deepEqual(outputs(first.GITHUB_OUTPUT!), {
    errors: '7',
    warnings: '3',
    info: '4',
    'comment-url': created.html_url,
    docs: '',
  });

  // The same pull request once the change is undone: the diff is empty, and the comment says so.
  const second = await runner('second', 7);
  const before = github.requests.length;
  const two = await runScript({
    ...second,
    INPUT_BASE: HEAD,
    INPUT_HEAD: HEAD,
    MCP_CODEGEN_ACTION_TOKEN: TOKEN,
  });
  assert.equal(two.code, 0, two.stdout + two.stderr);
  const after = github.comments.filter(
    (c) => c.issue === 7 && c.body.startsWith(`${markerFor(HEAD)}\n`),
  );
  assert.equal(after.length, 1, 'still one comment');
  assert.equal(after[0]!.id, created.id, 'the same comment');
  assert.match(after[0]!.body, /\*\*No API changes now:\*\* the head snapshot matches the base/);
  assert.equal(github.comments.filter((c) => c.issue === 7).length, 4, 'nothing created');
  const calls = github.requests.slice(before).map((r) => `${r.method} ${r.path}`);
  assert.deepEqual(calls, [
    'GET /repos/octo/weather/issues/7/comments?per_page=100',
    'GET /repos/octo/weather/issues/7/comments?per_page=100&page=2',
    `PATCH /repos/octo/weather/issues/comments/${created.id}`,
  ]);
  assert.match(two.stdout, /pull-request comment updated/);

  for (const request of github.requests) {
    assert.equal(request.authorization, `Bearer ${TOKEN}`);
    assert.equal(request.userAgent, 'mcp-codegen-action');
  }
  assertNoToken(
    one.stdout,
    one.stderr,
    two.stdout,
    two.stderr,
    summary,
    readFileSync(second.GITHUB_STEP_SUMMARY!, 'utf8'),
    readFileSync(first.GITHUB_OUTPUT!, 'utf8'),
    readFileSync(second.GITHUB_OUTPUT!, 'utf8'),
  );
});

test('action.yml: a composite action whose inputs, steps and outputs fit the script', async () => {
  const action = parse(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as ActionYml;
  assert.equal(action.runs.using, 'composite');
  assert.deepEqual(Object.keys(action.inputs), [
    'base',
    'head',
    'fail-on',
    'comment',
    'docs',
    'server',
    'config',
    'version',
    'token',
  ]);
  assert.equal(action.inputs.base!.required, true);
  assert.equal(action.inputs.head!.required, true);
  const text = JSON.stringify(action.runs.steps);
  // Every input is used, and only declared ones are.
  const used = new Set(
    [...text.matchAll(/\$\{\{ inputs\.([\w-]+) \}\}|inputs\.([\w-]+) ==/g)].map(
      (m) => m[1] ?? m[2],
    ),
  );
  assert.deepEqual([...used].sort(), Object.keys(action.inputs).sort());
  // Inputs reach the scripts through env, never spliced into the script text.
  for (const step of action.runs.steps)
    assert.ok(
      !/\$\{\{/.test(step.run),
      `step "${step.name}" splices an expression into its script`,
    );
  // Each script a step runs exists.
  const scripts = [...text.matchAll(/\$GITHUB_ACTION_PATH\/([\w./-]+\.mjs)/g)].map((m) => m[1]!);
  assert.deepEqual(scripts, ['scripts/action/run.mjs']);
  for (const script of scripts) assert.ok(existsSync(join(repoRoot, script)), script);
});

test('the README’s CI recipe uses the Action, with pull-requests: write and inputs it has', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const block = /```yaml\n(# \.github\/workflows\/mcp-api\.yml\n[\s\S]*?)```/.exec(readme);
  assert.ok(block, 'README has the mcp-api.yml workflow');
  const workflow = parse(block[1]!) as {
    jobs: Record<
      string,
      {
        permissions: Record<string, string>;
        steps: Array<{ uses?: string; with?: Record<string, unknown> }>;
      }
    >;
  };
  const job = Object.values(workflow.jobs)[0]!;
  assert.equal(job.permissions['pull-requests'], 'write');
  const step = job.steps.find((s) => /\/mcp-codegen@/.test(s.uses ?? ''));
  assert.ok(step, 'a step uses the Action');
  const action = parse(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as ActionYml;
  for (const key of Object.keys(step.with ?? {}))
    assert.ok(Object.hasOwn(action.inputs, key), `the Action has no input ${key}`);
  assert.ok(step.with?.base && step.with.head, 'base and head are given');
});

test('the composite steps in bash, on a fork’s read-only token: summary and annotations, the reason in the log, and no failure', async () => {
  github.readOnly = true;
  try {
    const env = await runner('fork', 9, 'someone/weather');
    const action = parse(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as ActionYml;
    const result = await runComposite(action, { base: BASE, head: HEAD, 'fail-on': 'none' }, env);
    assert.deepEqual(
      result.steps.map((s) => [s.name, s.code]),
      [
        ["Install mcp-codegen from the Action's checkout", 0],
        ['Diff the MCP snapshots', 0],
      ],
    );
    const [install, diff] = result.steps;
    assert.equal(install!.stdout, `mcp-codegen: reusing the build in ${repoRoot}\n`);
    assert.match(diff!.stdout, /^::error title=mcp-codegen diff%3A /m);
    assert.match(
      diff!.stdout,
      /mcp-codegen: no pull-request comment \(POST \/repos\/octo\/weather\/issues\/9\/comments: HTTP 403: Resource not accessible by integration\): this pull request comes from the fork someone\/weather, and GitHub gives a workflow on a fork's pull request a read-only token\. The report is in the job summary and the annotations\.\n/,
    );
    const summary = readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8');
    assert.match(summary, /^### mcp-codegen diff: /);
    assert.match(
      summary,
      /\*\*Pull-request comment:\*\* not written: this pull request comes from the fork someone\/weather/,
    );
    // No config here: the repository's has no diff policy.
    assert.deepEqual(result.outputs, {
      errors: '8',
      warnings: '1',
      info: '6',
      'comment-url': '',
      docs: '',
    });
    assert.equal(github.comments.filter((c) => c.issue === 9).length, 0);
    assert.ok(
      github.requests.some((r) => r.method === 'POST' && r.path.includes('/issues/9/')),
      'it did try',
    );
    assertNoToken(diff!.stdout, diff!.stderr, summary, readFileSync(env.GITHUB_OUTPUT!, 'utf8'));
  } finally {
    github.readOnly = false;
  }
});

test('a report too long for a comment is cut at a line end, saying where the rest is', () => {
  const report = `${'- a finding\n'.repeat(10_000)}`;
  const body = commentBody({ key: 'k', report, empty: false, footer: '<sub>f</sub>' });
  assert.ok(body.length <= 65_536, `${body.length} characters`);
  assert.match(
    body,
    /- a finding\n\n_… cut here: the whole report is in the job summary of this run\._\n\n<sub>f<\/sub>\n$/,
  );
  assert.equal(cutReport('short\n', 100, 'x'), 'short\n');
});

test('upsert: one comment a key; an unchanged body is not rewritten; an empty diff and no comment is no comment', async () => {
  const api = new GitHubApi({ baseUrl: github.url, token: TOKEN });
  const upsert = (key: string, empty: boolean) =>
    upsertComment({
      api,
      repository: REPOSITORY,
      issue: 11,
      key,
      body: commentBody({ key, report: '### report\n', empty, footer: '<sub>f</sub>' }),
      empty,
    });
  const skipped = await upsert('mcp/other.snapshot.json', true);
  assert.equal(skipped.action, 'skipped');
  const before = github.requests.length;
  const created = await upsert('mcp/other.snapshot.json', false);
  assert.equal(created.action, 'created');
  const again = await upsert('mcp/other.snapshot.json', false);
  assert.deepEqual(again, { ...created, action: 'unchanged' });
  assert.deepEqual(
    github.requests.slice(before).map((r) => r.method),
    ['GET', 'POST', 'GET'],
  );
  // Another key on the same pull request is another comment.
  const other = await upsert('mcp/x.json', false);
  assert.equal(other.action, 'created');
  assert.notEqual('id' in other && other.id, 'id' in created && created.id);
});

test('the API client: the token only ever goes to the API’s origin; a refused token is an error with its status', async () => {
  const elsewhere = await startGitHub({ token: TOKEN, repository: REPOSITORY });
  try {
    const leaky = new GitHubApi({
      baseUrl: github.url,
      token: TOKEN,
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        // A next page on another host, as a hostile or misconfigured proxy might send.
        return new Response(await response.text(), {
          status: response.status,
          headers: {
            link: `<${elsewhere.url}/repos/${REPOSITORY}/issues/1/comments?page=2>; rel="next"`,
          },
        });
      },
    });
    await assert.rejects(leaky.listComments(REPOSITORY, 1), (error: GitHubApiError) => {
      assert.equal(error.status, 0);
      assert.match(error.message, /refusing to send the token to http:\/\/127\.0\.0\.1:\d+/);
      return true;
    });
    assert.equal(elsewhere.requests.length, 0);
  } finally {
    await elsewhere.close();
  }
  const wrong = new GitHubApi({ baseUrl: github.url, token: 'wrong' });
  await assert.rejects(wrong.createComment(REPOSITORY, 1, 'x'), (error: GitHubApiError) => {
    assert.equal(error.status, 401);
    assert.equal(
      error.message,
      'POST /repos/octo/weather/issues/1/comments: HTTP 401: Bad credentials',
    );
    return true;
  });
});

test('inputs are checked before anything runs; the pull request comes from the event', async () => {
  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ INPUT_BASE: 'a' }, /the inputs base and head are required/],
    [
      { INPUT_BASE: 'a', INPUT_HEAD: 'b', INPUT_FAIL_ON: 'breaking' },
      /fail-on takes error, warning, info, none, got "breaking"/,
    ],
    [
      { INPUT_BASE: 'a', INPUT_HEAD: 'b', INPUT_COMMENT: 'yes' },
      /comment takes true or false, got "yes"/,
    ],
    [
      { INPUT_BASE: 'a', INPUT_HEAD: 'b', INPUT_DOCS: 'docs/api.pdf' },
      /docs names the file .* got "docs\/api\.pdf"/,
    ],
    [
      { INPUT_BASE: 'a', INPUT_HEAD: 'b', INPUT_VERSION: '1.0.0 --registry=x' },
      /version takes a published version or dist-tag/,
    ],
  ];
  for (const [env, problem] of bad)
    assert.throws(
      () => readInputs(env),
      (e: Error) => e instanceof InputError && problem.test(e.message),
    );
  assert.deepEqual(
    readInputs({
      INPUT_BASE: 'a',
      INPUT_HEAD: 'b',
      INPUT_DOCS: 'site/llms.txt',
      INPUT_COMMENT: 'FALSE',
    }),
    {
      base: 'a',
      head: 'b',
      failOn: 'error',
      comment: false,
      docs: { out: 'site/llms.txt', format: 'llms-txt' },
    },
  );
  // A bad input fails the step with an annotation, exit 2, before any diff.
  const out = new PassThrough();
  let text = '';
  out.on('data', (c: Buffer) => (text += c.toString()));
  assert.equal(
    await runAction(
      { INPUT_BASE: 'a', INPUT_HEAD: 'b', INPUT_FAIL_ON: 'x' },
      { streams: { stdout: out, stderr: out } },
    ),
    2,
  );
  assert.match(text, /^::error title=mcp-codegen action::fail-on takes /);

  const event = join(dir, 'events.json');
  await writeFile(event, JSON.stringify({ issue: { number: 5, pull_request: { url: 'x' } } }));
  assert.deepEqual(
    pullRequestOf({ GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: event }),
    { number: 5 },
  );
  await writeFile(event, JSON.stringify({ ref: 'refs/heads/main', commits: [] }));
  assert.deepEqual(pullRequestOf({ GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: event }), {
    none: 'the push event is not about a pull request',
  });
});

test('a snapshot that cannot be read: exit 2, the error annotated and in the summary, no comment', async () => {
  const env = await runner('missing', 12);
  const before = github.requests.length;
  const result = await runScript({
    ...env,
    INPUT_BASE: 'mcp/absent.snapshot.json',
    INPUT_HEAD: HEAD,
    MCP_CODEGEN_ACTION_TOKEN: TOKEN,
  });
  assert.equal(result.code, 2);
  assert.match(result.stdout, /^::error title=mcp-codegen diff::.*absent\.snapshot\.json/m);
  assert.match(
    readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8'),
    /^### mcp-codegen diff could not compare the snapshots\n/,
  );
  assert.equal(github.requests.length, before);
});

test('docs: the head snapshot’s page is written where the input says, or the failure is said and fails the step', async () => {
  const out = join(dir, 'docs', 'weather.md');
  const env = await runner('docs', 13);
  const sink = new PassThrough();
  let log = '';
  sink.on('data', (c: Buffer) => (log += c.toString()));
  const code = await runAction(
    {
      ...env,
      INPUT_BASE: BASE,
      INPUT_HEAD: HEAD,
      INPUT_FAIL_ON: 'none',
      INPUT_COMMENT: 'false',
      INPUT_DOCS: out,
    },
    { cwd: repoRoot, streams: { stdout: sink, stderr: sink } },
  );
  // `mcp-codegen docs` comes with issue 51's docs page: until this CLI has it, the step says so and fails.
  const quiet = new PassThrough();
  const hasDocs =
    (await main(['docs', '--help'], { stdout: quiet, stderr: quiet, cwd: repoRoot, env: {} })) ===
    0;
  const summary = await readFile(env.GITHUB_STEP_SUMMARY!, 'utf8');
  assert.match(summary, /\*\*Pull-request comment:\*\* off \(`comment: false`\)/);
  if (hasDocs) {
    assert.equal(code, 0, log);
    assert.ok(existsSync(out));
    assert.equal(outputs(env.GITHUB_OUTPUT!).docs, out);
  } else {
    assert.equal(code, 2, log);
    assert.match(log, /^::error title=mcp-codegen docs::.*unknown command "docs"/m);
    assert.match(summary, /\*\*Docs:\*\* failed: /);
  }
});

interface ActionYml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: {
    using: string;
    steps: Array<{
      name: string;
      id?: string;
      if?: string;
      shell: string;
      run: string;
      env?: Record<string, string>;
      'working-directory'?: string;
    }>;
  };
}

/**
 * The composite steps as the runner runs them: `${{ }}` expressions evaluated (the few this
 * action.yml may use; any other fails the test), each `run` in `bash --noprofile --norc -eo
 * pipefail`, with the runner's variables, GITHUB_ACTION_PATH, the step's env, a fresh
 * GITHUB_OUTPUT, and the action's outputs read from the steps' outputs.
 */
async function runComposite(
  action: ActionYml,
  given: Record<string, string>,
  env: Record<string, string>,
) {
  const inputs: Record<string, string> = {};
  const context = (expression: string): string => {
    const path = expression.trim();
    if (path === 'github.token') return TOKEN;
    if (path === 'github.action_path') return repoRoot;
    const input = /^inputs\.([\w-]+)$/.exec(path);
    if (input && Object.hasOwn(action.inputs, input[1]!)) return inputs[input[1]!] ?? '';
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(path);
    if (output) return stepOutputs[output[1]!]?.[output[2]!] ?? '';
    throw new Error(`action.yml uses an expression this test does not evaluate: ${path}`);
  };
  const evaluate = (text: string) =>
    text.replace(/\$\{\{(.*?)\}\}/g, (_m, e: string) => context(e));
  for (const [name, spec] of Object.entries(action.inputs))
    inputs[name] = given[name] ?? evaluate(spec.default ?? '');
  const condition = (text: string): boolean => {
    const compared = /^(.+?)\s*(==|!=)\s*'([^']*)'$/.exec(text.trim());
    if (!compared)
      throw new Error(`action.yml uses a condition this test does not evaluate: ${text}`);
    return (context(compared[1]!) === compared[3]) === (compared[2] === '==');
  };
  const stepOutputs: Record<string, Record<string, string>> = {};
  const steps: Array<{ name: string; code: number; stdout: string; stderr: string }> = [];
  for (const step of action.runs.steps) {
    if (step.if !== undefined && !condition(step.if)) continue;
    assert.equal(step.shell, 'bash');
    const output = join(dir, `step-${steps.length}.output`);
    await writeFile(output, '');
    const stepEnv = {
      ...env,
      GITHUB_ACTION_PATH: repoRoot,
      GITHUB_OUTPUT: output,
      ...Object.fromEntries(
        Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(String(v))]),
      ),
    };
    const cwd = step['working-directory']
      ? evaluate(step['working-directory'])
      : env.GITHUB_WORKSPACE!;
    const ran = await run(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run],
      stepEnv,
      cwd,
    );
    steps.push({ name: step.name, ...ran });
    if (step.id) stepOutputs[step.id] = outputs(output);
    if (ran.code !== 0) break;
  }
  const actionOutputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, spec]) => [name, evaluate(spec.value)]),
  );
  return { steps, outputs: actionOutputs };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

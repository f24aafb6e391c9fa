// @ts-check
/**
 * The Action's one step (action.yml): `mcp-codegen diff` of the base and head snapshots as JSON
 * (the counts), markdown (the comment and the job summary) and GitHub annotations (printed, so the
 * runner shows them in the files view); then the optional docs page, the pull-request comment,
 * the summary and the outputs; last, the exit code `fail-on` asks for. A comment that cannot be
 * written (a fork's read-only token) is said in the log and the summary, and fails nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commentBody, cutReport, upsertComment } from './comment.mjs';
import { GitHubApi, GitHubApiError } from './github.mjs';
import { InputError, pullRequestOf, readInputs } from './inputs.mjs';
import { appendSummary, escapeData, setOutputs } from './workflow.mjs';

const ACTION_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @typedef {{ stdout: { write(text: string): unknown }, stderr: { write(text: string): unknown } }} Streams
 * @typedef {{ code: number, stdout: string, stderr: string }} Ran
 */

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {{ cwd?: string, streams?: Streams }} [options]
 * @returns {Promise<number>} the step's exit code
 */
export async function runAction(env, options = {}) {
  const cwd = options.cwd ?? process.cwd();
  const out = options.streams ?? { stdout: process.stdout, stderr: process.stderr };
  const log = (/** @type {string} */ line) => out.stdout.write(`${line}\n`);
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) {
    log(
      `::error title=mcp-codegen action::${escapeData(`mcp-codegen needs Node 20 or newer, and this job runs ${process.version}: add actions/setup-node with node-version: 20 (or newer) before this step`)}`,
    );
    return 2;
  }
  /** @type {import('./inputs.mjs').Inputs} */
  let inputs;
  try {
    inputs = readInputs(env);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    log(`::error title=mcp-codegen action::${escapeData(error.message)}`);
    return 2;
  }
  const temp = await mkdtemp(join(env.RUNNER_TEMP || tmpdir(), 'mcp-codegen-action-'));
  try {
    return await compare(inputs, env, cwd, temp, out, log);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/**
 * @param {import('./inputs.mjs').Inputs} inputs
 * @param {NodeJS.ProcessEnv} env
 * @param {string} cwd
 * @param {string} temp
 * @param {Streams} out
 * @param {(line: string) => void} log
 */
async function compare(inputs, env, cwd, temp, out, log) {
  const cli = (/** @type {string[]} */ args) => runCli(inputs, env, cwd, args);
  const diff = [
    'diff',
    inputs.base,
    inputs.head,
    ...(inputs.server ? ['--server', inputs.server] : []),
    ...(inputs.config ? ['--config', inputs.config] : []),
  ];
  /** One report: to a file in `temp`, or (without a name) to stdout. */
  const report = (/** @type {string} */ format, /** @type {string} */ failOn, name = '') =>
    cli([
      ...diff,
      '--format',
      format,
      '--fail-on',
      failOn,
      ...(name ? ['--output', join(temp, name)] : []),
    ]);
  const counted = await report('json', 'none', 'report.json');
  if (counted.code !== 0) {
    out.stderr.write(counted.stderr);
    log(
      `::error title=mcp-codegen diff::${escapeData(firstLine(counted.stderr) || `exit code ${counted.code}`)}`,
    );
    appendSummary(
      env,
      `### mcp-codegen diff could not compare the snapshots\n\n\`\`\`\n${counted.stderr.trim()}\n\`\`\``,
    );
    return counted.code || 2;
  }
  /** @type {{ summary: Record<'error' | 'warning' | 'info', number>, findings: unknown[] }} */
  const json = JSON.parse(await readFile(join(temp, 'report.json'), 'utf8'));
  const gated = await report('markdown', inputs.failOn, 'report.md');
  if (gated.code > 1) {
    out.stderr.write(gated.stderr);
    return gated.code;
  }
  const markdown = await readFile(join(temp, 'report.md'), 'utf8');
  // The annotations: on stdout, where the runner reads workflow commands.
  out.stdout.write((await report('github', 'none')).stdout);

  const counts = json.summary;
  const empty = json.findings.length === 0;
  const verdict =
    gated.code === 1
      ? `failed: findings at or above \`${inputs.failOn}\` (${counts.error} error, ${counts.warning} warning, ${counts.info} info)`
      : `passed (fail-on: \`${inputs.failOn}\`)`;
  const docs = inputs.docs ? await writeDocs(inputs, inputs.docs, cwd, temp, cli, log) : undefined;
  const commented = inputs.comment
    ? await comment(inputs, env, cwd, markdown, empty, log)
    : { said: 'off (`comment: false`)' };

  appendSummary(
    env,
    [
      // A step's summary is at most 1 MiB: the annotations and the comment carry the rest.
      cutReport(markdown, 900_000, 'every finding is annotated in this run'),
      `**Gate:** ${verdict}`,
      `**Pull-request comment:** ${commented.said}`,
      ...(docs ? [`**Docs:** ${docs.said}`] : []),
    ].join('\n\n'),
  );
  setOutputs(env, {
    errors: counts.error,
    warnings: counts.warning,
    info: counts.info,
    'comment-url': commented.url ?? '',
    docs: docs?.ok ? (inputs.docs?.out ?? '') : '',
  });
  log(
    `mcp-codegen: ${counts.error} error, ${counts.warning} warning, ${counts.info} info; gate ${gated.code === 1 ? 'failed' : 'passed'} (fail-on ${inputs.failOn})`,
  );
  if (docs && !docs.ok) return 2;
  return gated.code === 1 ? 1 : 0;
}

/**
 * The pull-request comment, created or updated; why not, when it cannot be written.
 * @param {import('./inputs.mjs').Inputs} inputs
 * @param {NodeJS.ProcessEnv} env
 * @param {string} cwd
 * @param {string} markdown
 * @param {boolean} empty
 * @param {(line: string) => void} log
 * @returns {Promise<{ said: string, url?: string }>}
 */
async function comment(inputs, env, cwd, markdown, empty, log) {
  const pr = pullRequestOf(env);
  if ('none' in pr) {
    log(`mcp-codegen: no pull-request comment: ${pr.none}`);
    return { said: `none: ${pr.none}` };
  }
  const repository = env.GITHUB_REPOSITORY ?? '';
  if (!inputs.token || !/^[\w.-]+\/[\w.-]+$/.test(repository)) {
    const why = !inputs.token
      ? 'no token (the token input is empty)'
      : 'GITHUB_REPOSITORY is not owner/name';
    log(`::warning title=mcp-codegen action::${escapeData(`no pull-request comment: ${why}`)}`);
    return { said: `not written: ${why}` };
  }
  const api = new GitHubApi({
    baseUrl: env.GITHUB_API_URL || 'https://api.github.com',
    token: inputs.token,
  });
  const run =
    env.GITHUB_RUN_ID && env.GITHUB_SERVER_URL
      ? `${env.GITHUB_SERVER_URL}/${repository}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined;
  const sha = (pr.sha ?? env.GITHUB_SHA ?? '').slice(0, 7);
  const footer = `<sub>mcp-codegen diff${sha ? ` of ${sha}` : ''}, fail-on \`${inputs.failOn}\`${run ? ` · [run](${run})` : ''}</sub>`;
  // One comment per head snapshot: the path, also when the input reads it from a revision.
  const key = existsSync(resolve(cwd, inputs.head))
    ? inputs.head
    : inputs.head.replace(/^[^:]+:/, '');
  const body = commentBody({ key, report: markdown, empty, footer });
  try {
    const done = await upsertComment({ api, repository, issue: pr.number, key, body, empty });
    if (done.action === 'skipped') {
      log(`mcp-codegen: no pull-request comment: ${done.reason}`);
      return { said: `none: ${done.reason}` };
    }
    log(`mcp-codegen: pull-request comment ${done.action}${done.url ? `: ${done.url}` : ''}`);
    return {
      said: done.url ? `${done.action}: ${done.url}` : done.action,
      ...(done.url ? { url: done.url } : {}),
    };
  } catch (error) {
    if (!(error instanceof GitHubApiError)) throw error;
    if (error.status === 403 || error.status === 404) {
      const why = pr.fork
        ? `this pull request comes from the fork ${pr.fork}, and GitHub gives a workflow on a fork's pull request a read-only token`
        : 'the token cannot write to this pull request: give the job `permissions: pull-requests: write`';
      log(
        `mcp-codegen: no pull-request comment (${error.message}): ${why}. The report is in the job summary and the annotations.`,
      );
      return { said: `not written: ${why}` };
    }
    log(
      `::warning title=mcp-codegen action::${escapeData(`the pull-request comment could not be written: ${error.message}`)}`,
    );
    return { said: `not written: ${error.message}` };
  }
}

/**
 * `mcp-codegen docs` for the head snapshot; a `<rev>:<path>` head is read with git first.
 * @param {import('./inputs.mjs').Inputs} inputs
 * @param {{ out: string, format: string }} docs
 * @param {string} cwd
 * @param {string} temp
 * @param {(args: string[]) => Promise<Ran>} cli
 * @param {(line: string) => void} log
 */
async function writeDocs(inputs, docs, cwd, temp, cli, log) {
  let snapshot = inputs.head;
  if (!existsSync(resolve(cwd, snapshot)) && /^[^:-][^:]*:./.test(snapshot)) {
    const shown = await run('git', ['show', snapshot], cwd);
    if (shown.code !== 0) return failed(`git show ${snapshot}: ${firstLine(shown.stderr)}`);
    snapshot = join(temp, 'head.snapshot.json');
    await writeFile(snapshot, shown.stdout);
  }
  const made = await cli([
    'docs',
    '--snapshot',
    snapshot,
    '--format',
    docs.format,
    '--out',
    docs.out,
  ]);
  if (made.code !== 0) return failed(firstLine(made.stderr) || `exit code ${made.code}`);
  log(`mcp-codegen: wrote the docs to ${docs.out}`);
  return { ok: true, said: `written to \`${docs.out}\` (${docs.format})` };

  /** @param {string} why */
  function failed(why) {
    log(`::error title=mcp-codegen docs::${escapeData(why)}`);
    return { ok: false, said: `failed: ${why}` };
  }
}

/**
 * The CLI: a published version through npx, else the action's own checkout (built by the
 * install step).
 * @param {import('./inputs.mjs').Inputs} inputs
 * @param {NodeJS.ProcessEnv} env
 * @param {string} cwd
 * @param {string[]} args
 */
function runCli(inputs, env, cwd, args) {
  if (inputs.version)
    return run('npx', ['--yes', `mcp-codegen@${inputs.version}`, ...args], cwd, env);
  const root = env.GITHUB_ACTION_PATH || ACTION_ROOT;
  return run(process.execPath, [join(root, 'bin/mcp-codegen.js'), ...args], cwd, env);
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<Ran>}
 */
function run(command, args, cwd, env = process.env) {
  return new Promise((done) => {
    // The token stays with this process: the CLI never needs it.
    const { MCP_CODEGEN_ACTION_TOKEN: _token, ...childEnv } = env;
    const child = spawn(command, args, { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.once('error', (error) =>
      done({ code: 127, stdout, stderr: `${command}: ${error.message}\n` }),
    );
    child.once('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

/** @param {string} text */
function firstLine(text) {
  return text.trim().split('\n')[0] ?? '';
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await runAction(process.env);

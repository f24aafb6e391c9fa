/**
 * The CLI as the authentication tests run it: in process through `main()` (not a terminal, so
 * never interactive), or as the built bin in a new process with no terminal either; every line
 * either prints is kept, and every project folder made, so a test can look through all of them
 * for the run's secrets.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';
import { followLogin } from './auth-servers.js';
import { bin } from './paths.js';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export class AuthRuns {
  /** Everything printed on stdout and stderr by every run. */
  readonly printed: string[] = [];
  /** Every project folder: what the runs wrote (snapshots, manifests, clients, the output cache). */
  readonly projects: string[] = [];

  /** A temp project with this config (JSON), and its token store folder beside it. */
  project(name: string, servers: object[]): { dir: string; store: string } {
    const dir = mkdtempSync(join(tmpdir(), `mcp-codegen-auth-${name}-`));
    writeFileSync(join(dir, 'mcp-codegen.config.json'), JSON.stringify({ servers }, null, 2));
    this.projects.push(dir);
    return { dir, store: mkdtempSync(join(tmpdir(), `mcp-codegen-auth-store-${name}-`)) };
  }

  /** `main(args)` in this process; `onStderr` sees stderr as it grows. */
  async run(
    args: string[],
    options: {
      cwd: string;
      env: NodeJS.ProcessEnv;
      onStderr?: (text: string) => void;
      /** As if at a terminal: a missing login is done in the browser (followed over HTTP). */
      interactive?: boolean;
    },
  ): Promise<Run> {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    let err = '';
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    stderr.on('data', (c: Buffer) => {
      err += c.toString();
      options.onStderr?.(err);
    });
    const code = await main(args, {
      stdout,
      stderr,
      cwd: options.cwd,
      env: options.env,
      ...(options.interactive ? { interactive: true } : {}),
    });
    this.printed.push(out, err);
    return { code, stdout: out, stderr: err };
  }

  /** The built bin in a new process: stdin is not a terminal, as in CI. */
  spawnBin(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Run> {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd,
      env: { ...options.env, CI: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    return new Promise((done) =>
      child.once('close', (code) => {
        this.printed.push(stdout, stderr);
        done({ code, stdout, stderr });
      }),
    );
  }

  /**
   * `mcp-codegen login <server> --no-browser` in process, with a person following the printed
   * URL over HTTP (the login and consent screens filled in) to the loopback callback.
   */
  login(server: string, options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Run> {
    return this.withBrowser(['login', server, '--no-browser'], options);
  }

  /** `main(args)` with a person following whatever URL it prints to log in. */
  async withBrowser(
    args: string[],
    options: { cwd: string; env: NodeJS.ProcessEnv; interactive?: boolean },
  ): Promise<Run> {
    let followed: Promise<{ status: number; body: string }> | undefined;
    const run = await this.run(args, {
      ...options,
      onStderr: (text) => {
        const url = /^(https?:\/\/\S+)$/m.exec(text)?.[1];
        if (url && !followed) followed = followLogin(url);
      },
    });
    if (followed) {
      const page = await followed;
      assert.equal(page.status, 200, page.body);
    }
    return run;
  }

  /** `login <server> --no-browser` in a new project of these servers with an empty store, nobody at the browser. */
  async loginUnattended(server: string, servers: object[]): Promise<Run> {
    const { dir, store } = this.project(`login-${server}`, servers);
    return this.run(['login', server, '--no-browser'], {
      cwd: dir,
      env: { ...process.env, MCP_CODEGEN_AUTH_DIR: store },
    });
  }

  /** No secret in any file of any project, nor in any line printed. */
  assertNoSecret(secrets: readonly string[]): number {
    const found: string[] = [];
    let files = 0;
    for (const dir of this.projects)
      for (const file of walk(dir)) {
        files++;
        const text = readFileSync(file, 'utf8');
        for (const secret of secrets)
          if (text.includes(secret)) found.push(`${file}: ${secret.slice(0, 6)}…`);
      }
    for (const text of this.printed)
      for (const secret of secrets)
        if (text.includes(secret))
          found.push(`printed: ${secret.slice(0, 6)}… in ${text.slice(0, 200)}`);
    assert.deepEqual(found, [], 'a secret reached a file or the output');
    return files;
  }
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

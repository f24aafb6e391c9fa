import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import type { HttpSource, LiveSource, StdioSource } from '../../config/types.js';
import { ServerError } from '../../shared/errors.js';
import type { Environment } from '../../shared/host.js';
import { planServerJson } from './resolve.js';
import type { ServerJsonProvenance } from './types.js';

/** A source as discovery connects to it, with what a server.json added. */
export interface Reached {
  source: StdioSource | HttpSource;
  /** The server in messages when the caller names none: never a filled-in secret. */
  label?: string;
  provenance?: ServerJsonProvenance;
  /** Stops what was started to reach it (an HTTP package's process); nothing otherwise. */
  stop(): Promise<void>;
}

export interface ReachOptions {
  cwd: string;
  env: Environment;
  timeoutMs: number;
  onNote?: (line: string) => void;
  onWarning?: (line: string) => void;
}

/**
 * A stdio or URL source as it is; a server.json planned (the choice said, each ambiguity warned
 * about), and a package whose transport is HTTP started and waited for until its port accepts.
 */
export async function reach(source: LiveSource, options: ReachOptions): Promise<Reached> {
  if (!('serverJson' in source)) return { source, stop: async () => {} };
  const plan = await planServerJson(source, options);
  options.onNote?.(plan.choice);
  for (const warning of plan.warnings) options.onWarning?.(warning);
  const base = { source: plan.target, label: plan.label, provenance: plan.provenance };
  if (!plan.launch) return { ...base, stop: async () => {} };
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = value;
  const child = spawn(plan.launch.command, plan.launch.args, {
    cwd: options.cwd,
    env: { ...env, ...plan.launch.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it stops what the runner (npx, uvx) started too.
    detached: process.platform !== 'win32',
    windowsHide: true,
  });
  const stop = stopper(child);
  try {
    await listening(child, new URL((plan.target as HttpSource).url), plan.label, options.timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...base, stop };
}

const MAX_OUTPUT = 4000;

/** Resolves once the URL's port accepts a connection; a process that exits first, or a timeout, is a ServerError. */
async function listening(
  child: ChildProcess,
  url: URL,
  label: string,
  timeoutMs: number,
): Promise<void> {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-MAX_OUTPUT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = signal ? `signal ${signal}` : `code ${code}`));
  let failed: Error | undefined;
  child.once('error', (error) => (failed = error));
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (failed)
      throw new ServerError(`${label}: cannot start ${child.spawnfile}: ${failed.message}`, {
        hint: 'is its runner installed and on PATH?',
      });
    if (exited !== undefined)
      throw new ServerError(
        `${label}: the server process exited (${exited}) before it listened on ${url.origin}${tail(output)}`,
      );
    if (await accepts(host, port)) return;
    if (Date.now() > deadline)
      throw new ServerError(
        `${label}: nothing listened on ${url.origin} within ${timeoutMs} ms${tail(output)}`,
        {
          hint: 'check that the port the server listens on is the one its transport url names, or raise --timeout',
        },
      );
    await new Promise((done) => setTimeout(done, 100));
  }
}

function tail(output: string): string {
  const lines = output.trimEnd().split('\n').slice(-20).join('\n');
  return lines ? `\nits output ended with:\n${lines}` : '';
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/**
 * Stops the process and its group. Until then, the process going away (an error, Ctrl-C) takes
 * the group with it: it runs in a group of its own, which a terminal's signal does not reach.
 */
function stopper(child: ChildProcess): () => Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      if (process.platform === 'win32') child.kill(name);
      else process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  const onExit = () => signal('SIGKILL');
  const onSignal = (name: NodeJS.Signals) => {
    signal('SIGTERM');
    release();
    process.kill(process.pid, name);
  };
  const release = () => {
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return async () => {
    release();
    if (child.pid === undefined) return;
    const running = child.exitCode === null && child.signalCode === null;
    const exited = running
      ? new Promise<void>((done) => child.once('exit', () => done()))
      : Promise.resolve();
    // The group is signalled even when the runner is gone: what it started may not be.
    signal('SIGTERM');
    const kill = setTimeout(() => signal('SIGKILL'), 3000);
    await exited;
    // The runner exits first; the server it started may still be closing its port. Bounded: a
    // member that outlives SIGKILL (a zombie not yet reaped) is not waited for.
    const giveUp = Date.now() + 5000;
    while (process.platform !== 'win32' && groupAlive(child.pid) && Date.now() < giveUp) {
      if (Date.now() > giveUp - 2000) signal('SIGKILL');
      await new Promise((done) => setTimeout(done, 50));
    }
    clearTimeout(kill);
  };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

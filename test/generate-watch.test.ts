/**
 * `generate --watch`, as a user runs it: the built CLI as a child process in a temp project, its
 * stdout read line by line (one line per regeneration). Each step waits for the next line, bounded,
 * and checks it is the one expected: a burst that regenerated twice would put a second line where
 * the next step's line should be. Needs `npm run build` first (bin/ runs dist/).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { bin, repoRoot } from './helpers/paths.js';
import { fixtureArgs } from './helpers/servers.js';

const WAIT_MS = 90_000;

/** The CLI under watch: its stdout lines, in order, and how it ended. */
class Watch {
  readonly lines: string[] = [];
  readonly child: ChildProcess;
  stderr = '';
  #read = 0;
  #wake: () => void = () => {};
  readonly exited: Promise<number | null>;

  constructor(cwd: string) {
    this.child = spawn(process.execPath, [bin, 'generate', '--watch'], {
      cwd,
      env: { ...process.env, MCP_CODEGEN_DEBUG: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let rest = '';
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      this.lines.push(...parts);
      this.#wake();
    });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((done) => this.child.once('exit', (code) => done(code)));
    void this.exited.then(() => this.#wake());
  }

  /** The next line not read yet, waiting for it (bounded: a watch that says nothing fails the test). */
  async next(): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    while (this.#read >= this.lines.length) {
      if (this.child.exitCode !== null)
        assert.fail(`the watch exited (${this.child.exitCode})${this.output()}`);
      const left = deadline - Date.now();
      if (left <= 0) assert.fail(`no line within ${WAIT_MS} ms${this.output()}`);
      await new Promise<void>((done) => {
        const timer = setTimeout(done, left);
        this.#wake = () => {
          clearTimeout(timer);
          done();
        };
      });
    }
    return this.lines[this.#read++]!;
  }

  async expect(pattern: RegExp): Promise<string> {
    const line = await this.next();
    assert.match(line, pattern, `unexpected line${this.output()}`);
    return line;
  }

  /** Ctrl-C, and the exit code (bounded). */
  async interrupt(): Promise<number | null> {
    this.child.kill('SIGINT');
    const timeout = new Promise<'timeout'>((done) =>
      setTimeout(() => done('timeout'), WAIT_MS).unref(),
    );
    const code = await Promise.race([this.exited, timeout]);
    if (code === 'timeout') assert.fail(`SIGINT did not stop the watch${this.output()}`);
    return code;
  }

  output(): string {
    return `\nstdout:\n${this.lines.join('\n')}\nstderr:\n${this.stderr}`;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

function project(prefix: string, servers: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), `mcp-codegen-watch-${prefix}-`));
  writeFileSync(join(dir, 'mcp-codegen.config.json'), JSON.stringify({ servers }, null, 2));
  return dir;
}

/** Saved as editors do: a temp file renamed over the old one. */
function save(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

test('a snapshot edit rewrites the client once; a bad edit writes nothing and the watch goes on; SIGINT exits 0', async () => {
  const dir = project('snapshot', [
    { name: 'weather', source: { snapshot: 'weather.snapshot.json' }, out: 'client' },
  ]);
  const snapshotFile = join(dir, 'weather.snapshot.json');
  copyFileSync(join(repoRoot, 'examples/weather/weather.snapshot.json'), snapshotFile);
  const watch = new Watch(dir);
  try {
    await watch.expect(/^weather: generated; wrote .*client\/tools\.ts/);
    await watch.expect(/^watching 3 files \(Ctrl-C to stop\)$/);
    const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8'));
    snapshot.tools[0].description = 'Edited while watching.';
    const edited = `${JSON.stringify(snapshot, null, 2)}\n`;
    // A burst: the editor's rename, then the same bytes written again.
    save(snapshotFile, edited);
    writeFileSync(snapshotFile, edited);
    await watch.expect(/^weather: snapshot changed; wrote .*client\/tools\.ts/);
    const tools = readFileSync(join(dir, 'client/tools.ts'), 'utf8');
    assert.match(tools, /Edited while watching\./);

    save(snapshotFile, '{ "tools": [ not json');
    // The next line: a second regeneration of the burst above would be here instead.
    await watch.expect(
      /^weather: snapshot changed; failed, nothing written: .*weather\.snapshot\.json/,
    );
    assert.equal(readFileSync(join(dir, 'client/tools.ts'), 'utf8'), tools);

    snapshot.tools[0].description = 'Fixed.';
    save(snapshotFile, `${JSON.stringify(snapshot, null, 2)}\n`);
    await watch.expect(/^weather: snapshot changed; wrote .*client\/tools\.ts/);

    // The config is read again, and the files the new one names are watched.
    const other = join(dir, 'other.snapshot.json');
    copyFileSync(snapshotFile, other);
    const config = {
      servers: [{ name: 'weather', source: { snapshot: 'other.snapshot.json' }, out: 'client' }],
    };
    save(join(dir, 'mcp-codegen.config.json'), JSON.stringify(config));
    await watch.expect(/^weather: config changed; unchanged$/);
    snapshot.tools[0].description = 'From the other file.';
    save(other, `${JSON.stringify(snapshot, null, 2)}\n`);
    await watch.expect(/^weather: snapshot changed; wrote .*client\/tools\.ts/);
    assert.match(readFileSync(join(dir, 'client/tools.ts'), 'utf8'), /From the other file\./);
    assert.equal(await watch.interrupt(), 0, watch.output());
    assert.equal(watch.lines.at(-1), 'stopped');
  } finally {
    watch.kill();
  }
});

test('a live server: a list_changed burst regenerates once; a server gone keeps the client and reconnects; SIGINT exits 0', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-codegen-watch-state-'));
  const state = join(dir, 'state.json');
  writeFileSync(state, '{ "unit": "C" }');
  const root = project('live', [
    {
      name: 'live',
      source: {
        stdio: [process.execPath, ...fixtureArgs('watched')],
        cwd: repoRoot,
        env: { WATCHED_STATE: state },
      },
      out: 'live',
    },
  ]);
  const watch = new Watch(root);
  try {
    await watch.expect(/^live: generated; wrote .*live\/tools\.ts/);
    await watch.expect(/^watching 2 files and 1 live server \(Ctrl-C to stop\)$/);
    save(state, '{ "unit": "F" }');
    await watch.expect(/^live: tools list changed; wrote .*live\/tools\.ts/);
    const tools = readFileSync(join(root, 'live/tools.ts'), 'utf8');
    assert.match(tools, /in F\./);

    save(state, '{ "unit": "F", "gone": true }');
    // The next line: a second regeneration for the burst of five notifications would be here.
    await watch.expect(/^live: server went away .*; keeping the last client, reconnecting$/);
    assert.equal(readFileSync(join(root, 'live/tools.ts'), 'utf8'), tools);
    assert.equal(watch.child.exitCode, null, 'the watch still runs');

    save(state, '{ "unit": "K" }');
    await watch.expect(/^live: reconnected; wrote .*live\/tools\.ts/);
    assert.match(readFileSync(join(root, 'live/tools.ts'), 'utf8'), /in K\./);
    assert.equal(await watch.interrupt(), 0, watch.output());
    assert.equal(watch.lines.at(-1), 'stopped');
  } finally {
    watch.kill();
  }
});

/**
 * Which runs turn V8's optimizing compiler off (src/shared/one-shot-jit.ts), and that turning it off
 * after start-up takes effect on the Node running the suite: the compiled bin, run with `--trace-opt`,
 * completes no TurboFan compilation unless MCP_CODEGEN_JIT=1 says to keep it. Counts, no timings.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { LARGE_CATALOG_BYTES, optimizingCompilerWanted } from '../src/shared/one-shot-jit.js';
import { bin, repoRoot } from './helpers/paths.js';

const exec = promisify(execFile);

test('the optimizing compiler stays on for long runs, large catalogs and MCP_CODEGEN_JIT=1', () => {
  const rows: Array<{ given: Parameters<typeof optimizingCompilerWanted>[0]; want: boolean }> = [
    { given: { longRunning: false, catalogBytes: 300_000, env: {} }, want: false },
    { given: { longRunning: false, catalogBytes: 0, env: {} }, want: false },
    { given: { longRunning: false, catalogBytes: LARGE_CATALOG_BYTES, env: {} }, want: false },
    { given: { longRunning: false, catalogBytes: LARGE_CATALOG_BYTES + 1, env: {} }, want: true },
    { given: { longRunning: true, catalogBytes: 300_000, env: {} }, want: true },
    {
      given: { longRunning: false, catalogBytes: 300_000, env: { MCP_CODEGEN_JIT: '1' } },
      want: true,
    },
    {
      given: { longRunning: false, catalogBytes: 300_000, env: { MCP_CODEGEN_JIT: '0' } },
      want: false,
    },
  ];
  for (const { given, want } of rows)
    assert.equal(optimizingCompilerWanted(given), want, JSON.stringify(given));
});

test('generate turns the optimizing compiler off after start-up, and MCP_CODEGEN_JIT=1 keeps it', async () => {
  const out = await mkdtemp(join(tmpdir(), 'mcp-codegen-jit-'));
  try {
    // The suite's own environment, but for the switch under test.
    const { MCP_CODEGEN_JIT: _, ...inherited } = process.env;
    const optimized = async (env: NodeJS.ProcessEnv) => {
      const catalog = join(repoRoot, 'fixtures/catalogs/hostile.json');
      const args = ['--trace-opt', bin, 'generate', '--snapshot', catalog, '--out', out];
      const { stdout } = await exec(process.execPath, [...args, '--no-cache', '--quiet'], {
        env: { ...inherited, ...env },
        maxBuffer: 64 * 2 ** 20,
      });
      return stdout
        .split('\n')
        .filter((line) => /^\[completed optimizing .*\(target TURBOFAN/.test(line)).length;
    };
    assert.equal(await optimized({}), 0);
    assert.ok((await optimized({ MCP_CODEGEN_JIT: '1' })) > 0, 'the control run optimizes');
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});

test('main() called in a longer-lived process leaves the optimizing compiler on; the bin’s own process turns it off', async () => {
  const out = await mkdtemp(join(tmpdir(), 'mcp-codegen-jit-'));
  try {
    const { MCP_CODEGEN_JIT: _, ...inherited } = process.env;
    // generate through main() in this child, then a hot function: is it optimized afterwards?
    const optimizedAfter = async (oneShotProcess: boolean) => {
      const catalog = join(repoRoot, 'fixtures/catalogs/hostile.json');
      const script = `
        import { main } from ${JSON.stringify(join(repoRoot, 'dist/cli/main.js'))};
        import { processIo } from ${JSON.stringify(join(repoRoot, 'dist/cli/io.js'))};
        const argv = ['generate', '--snapshot', ${JSON.stringify(catalog)}, '--out', ${JSON.stringify(out)}, '--no-cache', '--quiet'];
        await main(argv, { ...processIo(), oneShotProcess: ${oneShotProcess} });
        console.log('AFTER GENERATE');
        function hotAfterGenerate(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
        let total = 0;
        for (let i = 0; i < 20000; i++) total += hotAfterGenerate(1000);
        console.log(total);
      `;
      const { stdout } = await exec(
        process.execPath,
        ['--trace-opt', '--input-type=module', '-e', script],
        { env: inherited, maxBuffer: 64 * 2 ** 20 },
      );
      const after = stdout.slice(stdout.indexOf('AFTER GENERATE'));
      return /\[completed optimizing .*hotAfterGenerate.*\(target TURBOFAN/.test(after);
    };
    assert.equal(await optimizedAfter(false), true, 'an in-process main() leaves V8 as it was');
    assert.equal(await optimizedAfter(true), false, 'the bin’s process turns TurboFan off');
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});

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

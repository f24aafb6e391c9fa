import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { jsonSizeUpTo } from '../src/shared/json.js';
import { SMALL_WORK, workerCount } from '../src/shared/worker-thread.js';

test('jsonSizeUpTo: about the JSON length, and never past its limit', () => {
  const rows: Array<{ given: unknown; limit: number; want: (size: number) => boolean }> = [
    { given: 'abc', limit: 100, want: (n) => n === JSON.stringify('abc').length },
    { given: null, limit: 100, want: (n) => n === 4 },
    { given: [1, 2, 3], limit: 100, want: (n) => n >= 7 && n <= 20 },
    { given: { name: 'x'.repeat(50) }, limit: 1000, want: (n) => Math.abs(n - 61) <= 4 },
    { given: { a: 'x'.repeat(10_000) }, limit: 500, want: (n) => n === 500 },
  ];
  for (const { given, limit, want } of rows) {
    const size = jsonSizeUpTo(given, limit);
    assert.ok(want(size), `${JSON.stringify(given).slice(0, 40)}: ${size}`);
  }
  // Counted up to the limit only: a huge array is not walked whole.
  const huge = Array.from({ length: 200_000 }, (_, i) => ({ i: `v${i}` }));
  assert.equal(jsonSizeUpTo(huge, 1000), 1000);
});

test('workerCount: one thread for small work, the cores for large, the variable over both', () => {
  const saved = process.env.MCP_CODEGEN_WORKERS;
  try {
    delete process.env.MCP_CODEGEN_WORKERS;
    const cores = Math.max(1, Math.min(availableParallelism(), 4));
    assert.equal(workerCount(SMALL_WORK - 1), 1);
    assert.equal(workerCount(SMALL_WORK), cores);
    assert.equal(workerCount(), cores);
    process.env.MCP_CODEGEN_WORKERS = '3';
    assert.equal(workerCount(10), 3);
    assert.equal(workerCount(SMALL_WORK * 10), 3);
  } finally {
    if (saved === undefined) delete process.env.MCP_CODEGEN_WORKERS;
    else process.env.MCP_CODEGEN_WORKERS = saved;
  }
});

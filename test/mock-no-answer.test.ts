/**
 * Issue 49 item 4: the mock's "no answer" is a failure. A tool with no handler, no recording and no
 * output schema answers an `isError` result with code `mock_no_answer` and a message that says how
 * to give it one, over the real bin; `--lenient` keeps the text it answered before, as a success.
 * (The in-process mock, through a generated client: test/mock-client.test.ts.)
 */
import assert from 'node:assert/strict';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, test } from 'node:test';
import { main } from '../src/cli/main.js';
import { connectMock, writeText } from './helpers/mock.js';
import { tmpRoot } from './helpers/paths.js';

const work = join(tmpRoot, 'mock-no-answer');
let snapshot: string;

before(async () => {
  await mkdir(work, { recursive: true });
  snapshot = await writeText(
    join(work, 'ping.json'),
    JSON.stringify({ tools: [{ name: 'ping_host', inputSchema: { type: 'object' } }] }),
  );
});
after(() => rm(work, { recursive: true, force: true }));

const textOf = (result: unknown) =>
  (result as { content: Array<{ type: string; text: string }> }).content[0]!.text;

test('no handler, no recording, no output schema: isError mock_no_answer, saying how to give one', async () => {
  const mock = await connectMock(['--snapshot', snapshot]);
  try {
    const result = await mock.client.callTool({ name: 'ping_host', arguments: {} });
    assert.equal(result.isError, true);
    const payload = JSON.parse(textOf(result)) as Record<string, unknown>;
    assert.equal(payload.code, 'mock_no_answer');
    assert.equal(payload.retryable, false);
    assert.match(String(payload.message), /^mcp-codegen mock has no answer for ping_host: /);
    assert.match(String(payload.message), /Give it a handler \(`pingHost` in the handler module/);
    assert.match(String(payload.message), /a recording \(--from\), or an output schema/);
  } finally {
    await mock.close();
  }
});

test('--lenient: the text it answered before, as a success', async () => {
  const mock = await connectMock(['--snapshot', snapshot, '--lenient']);
  try {
    const result = await mock.client.callTool({ name: 'ping_host', arguments: {} });
    assert.equal(result.isError, undefined);
    assert.equal(
      textOf(result),
      'mcp-codegen mock has no answer for ping_host: no handler, no recording, and no output schema to generate data for',
    );
  } finally {
    await mock.close();
  }
});

test('mcp-codegen mock --help explains --lenient and mock_no_answer', async () => {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const io = { stdout, stderr: new PassThrough(), cwd: work, env: {} };
  assert.equal(await main(['mock', '--help'], io as never), 0);
  assert.match(text, /--lenient\s+A tool with no handler, no recording and no output schema/);
  assert.match(text, /mock_no_answer/);
  assert.match(text, /mock_unusable_schema/);
});

/**
 * Issue 15, "the server's own words": an error's `message` is the text the server wrote for people,
 * never "<tool> returned <CODE>" when the payload carried words; the code stays in `code`/`serverCode`,
 * and `unwrap`'s exception says both.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ToolCallError,
  classifyResult,
  invokeTool,
  unwrap,
  type ToolSpec,
} from '../templates/runtime.js';
import { connectResultsServer, fetchUpstream } from './helpers/runtime-fixture.js';

const sql: ToolSpec = { name: 'execute_sql', branches: [], codes: ['EXECUTION_ERROR'] };
const sqlNoCodes: ToolSpec = { name: 'execute_sql', branches: [], codes: [] };

type Row = { payload: unknown; want: { code: string; serverCode?: string; message: string } };
const text = (value: unknown) => ({
  isError: true,
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }],
});

// Given an isError payload (sent as JSON text, as most servers do), want this code and message.
const rows: Array<[string, ToolSpec, Row]> = [
  [
    'error string beside a known code',
    sql,
    {
      payload: { error: 'no such table: nope', code: 'EXECUTION_ERROR' },
      want: { code: 'EXECUTION_ERROR', message: 'no such table: nope' },
    },
  ],
  [
    'error string beside an unknown code',
    sqlNoCodes,
    {
      payload: { error: 'no such table: nope', code: 'EXECUTION_ERROR' },
      want: { code: '$unknown', serverCode: 'EXECUTION_ERROR', message: 'no such table: nope' },
    },
  ],
  [
    'message wins over error',
    sql,
    {
      payload: { code: 'EXECUTION_ERROR', message: 'SQL failed', error: 'no such table' },
      want: { code: 'EXECUTION_ERROR', message: 'SQL failed' },
    },
  ],
  [
    'detail (FastAPI style)',
    sql,
    {
      payload: { code: 'EXECUTION_ERROR', detail: 'column x does not exist' },
      want: { code: 'EXECUTION_ERROR', message: 'column x does not exist' },
    },
  ],
  [
    'hint when nothing else',
    sql,
    {
      payload: { code: 'EXECUTION_ERROR', hint: 'check the table name' },
      want: { code: 'EXECUTION_ERROR', message: 'check the table name' },
    },
  ],
  [
    'nested error.message',
    sql,
    {
      payload: { error: { code: 'EXECUTION_ERROR', message: 'locked' } },
      want: { code: 'EXECUTION_ERROR', message: 'locked' },
    },
  ],
  [
    'nested error.detail',
    sql,
    {
      payload: { error: { code: 'EXECUTION_ERROR', detail: 'disk full' } },
      want: { code: 'EXECUTION_ERROR', message: 'disk full' },
    },
  ],
  [
    'error equal to the code is not a message',
    sql,
    {
      payload: { error: 'EXECUTION_ERROR' },
      want: { code: 'EXECUTION_ERROR', message: 'execute_sql returned EXECUTION_ERROR' },
    },
  ],
  [
    'blank strings are not messages',
    sql,
    {
      payload: { code: 'EXECUTION_ERROR', message: '  ', error: '' },
      want: { code: 'EXECUTION_ERROR', message: 'execute_sql returned EXECUTION_ERROR' },
    },
  ],
  // Issue 49 item 3: a code is a token; a sentence in a code slot is the message of an $uncoded error.
  [
    'a sentence in the error slot (ms-365) is the message of an $uncoded error',
    sqlNoCodes,
    {
      payload: { error: 'No accounts found. Please login first.' },
      want: { code: '$uncoded', message: 'No accounts found. Please login first.' },
    },
  ],
  [
    'a sentence in the code slot, the same',
    sqlNoCodes,
    {
      payload: { code: 'Could not reach the upstream service' },
      want: { code: '$uncoded', message: 'Could not reach the upstream service' },
    },
  ],
  [
    'an undeclared token stays $unknown, with it as serverCode',
    sqlNoCodes,
    {
      payload: { error: 'rate_limited' },
      want: {
        code: '$unknown',
        serverCode: 'rate_limited',
        message: 'execute_sql returned rate_limited',
      },
    },
  ],
  [
    'a declared token is the code',
    { ...sql, codes: ['rate_limited'] },
    {
      payload: { error: 'rate_limited' },
      want: { code: 'rate_limited', message: 'execute_sql returned rate_limited' },
    },
  ],
  [
    'a token of 65 characters is not a code',
    sqlNoCodes,
    {
      payload: { error: `E${'x'.repeat(64)}` },
      want: { code: '$uncoded', message: `E${'x'.repeat(64)}` },
    },
  ],
  [
    'errorCode is a code key for the runtime too, beside a message',
    sqlNoCodes,
    {
      payload: { errorCode: 'QUOTA_EXCEEDED', message: 'monthly quota used up' },
      want: { code: '$unknown', serverCode: 'QUOTA_EXCEEDED', message: 'monthly quota used up' },
    },
  ],
  [
    'error_code likewise, and the sentence beside it is the message',
    { ...sql, codes: ['QUOTA_EXCEEDED'] },
    {
      payload: { error_code: 'QUOTA_EXCEEDED', error: 'The monthly quota is used up.' },
      want: { code: 'QUOTA_EXCEEDED', message: 'The monthly quota is used up.' },
    },
  ],
  [
    'plain text',
    sql,
    { payload: 'database is locked', want: { code: '$uncoded', message: 'database is locked' } },
  ],
  [
    'no words at all',
    sql,
    { payload: { rows: 0 }, want: { code: '$uncoded', message: 'execute_sql returned an error' } },
  ],
];

describe('error messages: given payload, want code and message', () => {
  for (const [name, spec, { payload, want }] of rows) {
    test(name, () => {
      const result = classifyResult(spec, text(payload));
      assert.equal(result.ok, false);
      if (result.ok) return;
      const error = result.error as { code: string; serverCode?: string; message: string };
      assert.deepEqual(
        {
          code: error.code,
          ...(error.serverCode !== undefined && { serverCode: error.serverCode }),
          message: error.message,
        },
        want,
      );
    });
  }
});

describe('ToolCallError carries the server text', () => {
  test('a known code: tool, code and text', () => {
    const result = classifyResult(
      sql,
      text({ error: 'no such table: nope', code: 'EXECUTION_ERROR' }),
    );
    assert.throws(
      () => unwrap(result),
      (e: unknown) =>
        e instanceof ToolCallError &&
        e.message === 'execute_sql failed with EXECUTION_ERROR: no such table: nope',
    );
  });
  test('an unknown code: the code as sent, then $unknown', () => {
    const result = classifyResult(
      sqlNoCodes,
      text({ error: 'no such table: nope', code: 'EXECUTION_ERROR' }),
    );
    assert.throws(
      () => unwrap(result),
      (e: unknown) =>
        e instanceof ToolCallError &&
        e.message === 'execute_sql failed with EXECUTION_ERROR ($unknown): no such table: nope',
    );
  });
});

describe('through a real server (fixtures/servers/results.ts)', () => {
  let client: Client;
  before(async () => {
    client = await connectResultsServer();
  });
  after(async () => {
    await client.close();
  });
  test('{ error, code } as JSON text: message from error, code kept apart, both in the exception', async () => {
    const result = await invokeTool(client, fetchUpstream, { mode: 'sql_error' });
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.error.code, '$unknown');
    assert.equal(result.error.serverCode, 'EXECUTION_ERROR');
    assert.equal(result.error.message, 'no such table: nope');
    assert.deepEqual(result.error.details, {
      error: 'no such table: nope',
      code: 'EXECUTION_ERROR',
    });
    assert.throws(() => unwrap(result), {
      name: 'ToolCallError',
      message: 'fetch_upstream failed with EXECUTION_ERROR ($unknown): no such table: nope',
    });
  });
});

/**
 * The validators generated clients use (dialects, `$id` collisions, schemas that do not compile,
 * RFC 6901 pointers), and the runtime's classification rules that need no server (`classifyResult`
 * is the pure half of `invokeTool`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { McpProtocolError, classifyResult, invokeTool } from '../templates/runtime.js';
import type {
  CallToolResult,
  McpClientLike,
  ToolSpec,
  ValidationIssue,
  Validator,
} from '../templates/runtime.js';
import { getWeather } from './helpers/runtime-fixture.js';
import { compileValidators } from './helpers/runtime-validators.js';

// One validator module per call, emitted exactly as for a generated client.
async function validatorsFor(schemas: Record<string, object>): Promise<Record<string, Validator>> {
  return compileValidators(schemas);
}
async function validate(schema: object, value: unknown): Promise<readonly ValidationIssue[]> {
  return (await validatorsFor({ check: schema }))['check']!(value);
}

describe('the emitted validators', () => {
  test('two schemas with the same $id live side by side in one module, each keeping its own meaning', async () => {
    const a = {
      $id: 'https://example.com/out.json',
      type: 'object',
      properties: { n: { $ref: 'https://example.com/out.json#/$defs/n' } },
      $defs: { n: { type: 'number' } },
    };
    const b = {
      $id: 'https://example.com/out.json',
      type: 'object',
      properties: { n: { $ref: '#/$defs/n' } },
      $defs: { n: { type: 'string' } },
    };
    const v = await validatorsFor({ a, b });
    assert.deepEqual(v['a']!({ n: 1 }), []);
    assert.deepEqual(v['b']!({ n: 'x' }), []);
    assert.equal(v['a']!({ n: 'x' })[0]?.pointer, '/n');
    assert.equal(v['b']!({ n: 1 })[0]?.pointer, '/n');
  });

  test('the dialect follows $schema: 2020-12 (also the default) enforces prefixItems, and so does draft-07 (an accepted difference from Ajv)', async () => {
    const tuple = { type: 'array', prefixItems: [{ type: 'string' }] };
    // @cfworker/json-schema applies prefixItems in every draft (test/validators.test.ts, CONTRIBUTING.md).
    assert.equal(
      (await validate({ $schema: 'http://json-schema.org/draft-07/schema#', ...tuple }, [1]))[0]
        ?.pointer,
      '/0',
    );
    assert.equal(
      (
        await validate({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...tuple }, [1])
      )[0]?.pointer,
      '/0',
    );
    assert.equal((await validate({ ...tuple }, [1]))[0]?.pointer, '/0');
    // 2019-09: array-form items is still a tuple there
    const legacyTuple = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'array',
      items: [{ type: 'string' }],
    };
    assert.equal((await validate(legacyTuple, [1]))[0]?.pointer, '/0');
    // draft-04 has no Ajv meta-schema; it is validated with draft-04's rules rather than refused.
    assert.equal(
      (
        await validate(
          {
            $schema: 'http://json-schema.org/draft-04/schema#',
            type: 'object',
            properties: { x: { type: 'number' } },
          },
          { x: 's' },
        )
      )[0]?.pointer,
      '/x',
    );
  });

  test('formats are checked, unknown formats and keywords are tolerated', async () => {
    const schema = {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time' },
        x: { type: 'string', format: 'vendor-thing', 'x-vendor': 1 },
      },
    };
    const v = await validatorsFor({ schema });
    assert.deepEqual(v['schema']!({ at: '2025-01-01T00:00:00Z', x: 'y' }), []);
    assert.deepEqual(v['schema']!({ at: 'yesterday' }), [
      { pointer: '/at', message: 'String does not match format "date-time".', keyword: 'format' },
    ]);
  });

  test('pointers are RFC 6901: "/" and "~" in keys are escaped, missing and extra properties are named', async () => {
    const schema = {
      type: 'object',
      required: ['a/b'],
      properties: { 'c~d': { type: 'number' } },
      additionalProperties: { type: 'number' },
    };
    const issues = await validate(schema, { 'c~d': 'x', 'e/f': 'y' });
    assert.deepEqual(issues.map((i) => [i.pointer, i.keyword]).sort(), [
      ['/a~1b', 'required'],
      ['/c~0d', 'type'],
      ['/e~1f', 'type'],
    ]);
  });

  test('a schema that cannot be compiled is reported as one $compile issue, and does not throw', async () => {
    const broken = {
      type: 'object',
      properties: { x: { $ref: 'https://elsewhere.example/missing.json' } },
    };
    const v = await validatorsFor({ broken });
    for (const value of [{ x: 1 }, { x: 2 }]) {
      const issues = v['broken']!(value);
      assert.equal(issues.length, 1);
      assert.equal(issues[0]?.pointer, '');
      assert.equal(issues[0]?.keyword, '$compile');
      assert.match(issues[0]!.message, /^the schema could not be compiled: /);
    }
  });
});

// Results as a server sends them, classified without a transport.
const structured = (value: Record<string, unknown>, isError?: boolean): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
  ...(isError !== undefined && { isError }),
});

describe('classifyResult rules', () => {
  test('an envelope flag or error property set to false/null is not an error', () => {
    const documented = {
      city: 'Oslo',
      temperature_c: 1,
      conditions: 'rain',
      observed_at: '2025-01-01T00:00:00Z',
    };
    assert.equal(
      classifyResult(getWeather, structured({ ...documented, _budget_exceeded: false })).ok,
      true,
    );
    assert.equal(classifyResult(getWeather, structured({ ...documented, error: null })).ok, true);
  });

  test('a documented payload with an unknown `error` value is not mistaken for a soft error', () => {
    const spec = { name: 'log', branches: [], codes: ['denied'] } as const satisfies ToolSpec;
    const r = classifyResult(spec, structured({ line: 3, error: 'disk full' }));
    assert.deepEqual(r, {
      ok: true,
      variant: 'documented',
      data: {
        text: JSON.stringify({ line: 3, error: 'disk full' }),
        json: { line: 3, error: 'disk full' },
        content: r.raw.content,
      },
      raw: r.raw,
    });
    const denied = classifyResult(spec, structured({ error: 'denied' }));
    assert.ok(!denied.ok && (denied.error as { code: string }).code === 'denied');
  });

  test('a declared error branch with a code its schema does not list is $unknown with serverCode, not $invalid_result', () => {
    const r = classifyResult(getWeather, structured({ error: 'city_on_fire', hint: 'wait' }));
    assert.ok(!r.ok);
    assert.deepEqual(r.error, {
      tool: 'get_weather',
      code: '$unknown',
      serverCode: 'city_on_fire',
      message: 'wait',
      details: { error: 'city_on_fire', hint: 'wait' },
    });
  });

  test('an error payload that violates its error branch schema is $invalid_result', () => {
    const r = classifyResult(getWeather, structured({ error: 'unknown_city', requested: 7 }));
    assert.ok(!r.ok);
    const error = r.error as { code: string; issues: { pointer: string }[] };
    assert.equal(error.code, '$invalid_result');
    assert.equal(error.issues[0]?.pointer, '/requested');
  });

  test('an alternative only wins when the documented required keys are absent', () => {
    const both = classifyResult(
      getWeather,
      structured({
        city: 'Oslo',
        temperature_c: 1,
        conditions: 'rain',
        observed_at: '2025-01-01T00:00:00Z',
        projection: 1,
      }),
    );
    assert.ok(both.ok && both.variant === 'documented');
  });

  test('isError: a nested `error: { code, message }` and a legacy `toolResult` are read', () => {
    const spec = { name: 't', branches: [], codes: ['E1'] } as const satisfies ToolSpec;
    const nested = classifyResult(
      spec,
      structured({ error: { code: 'E1', message: 'nested message' } }, true),
    );
    assert.ok(!nested.ok);
    assert.deepEqual(
      [(nested.error as { code: string }).code, (nested.error as { message: string }).message],
      ['E1', 'nested message'],
    );
    const legacy = classifyResult(spec, { toolResult: { answer: 42 } });
    assert.deepEqual(legacy, {
      ok: true,
      variant: 'documented',
      data: { json: { answer: 42 }, content: [] },
      raw: { toolResult: { answer: 42 }, content: [] },
    });
  });
});

describe('errors thrown by other clients', () => {
  const spec = { name: 't', branches: [], codes: [] } as const satisfies ToolSpec;
  const throwing = (error: unknown): McpClientLike => ({ callTool: () => Promise.reject(error) });

  test('a JSON-RPC-shaped error from a non-SDK client becomes McpProtocolError', async () => {
    await assert.rejects(
      invokeTool(
        throwing({
          code: -32603,
          message: 'Internal error: data fetch failed',
          data: { retryAfter: 3 },
        }),
        spec,
        {},
      ),
      (e: unknown) => {
        return (
          e instanceof McpProtocolError &&
          e.code === -32603 &&
          e.message === 'MCP error -32603: Internal error: data fetch failed (tools/call "t")' &&
          (e.data as { retryAfter: number }).retryAfter === 3
        );
      },
    );
  });

  test('aborts and other errors propagate unchanged', async () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    await assert.rejects(invokeTool(throwing(abort), spec, {}), (e: unknown) => e === abort);
    const other = new TypeError('boom');
    await assert.rejects(invokeTool(throwing(other), spec, {}), (e: unknown) => e === other);
  });
});

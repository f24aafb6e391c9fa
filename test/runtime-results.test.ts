/**
 * templates/runtime.ts against a real MCP server (fixtures/servers/results.ts over stdio, the SDK's
 * Client): every kind of result is classified into the exact typed outcome.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  McpProtocolError,
  RuntimeErrorCode,
  ToolCallError,
  invokeTool,
  unwrap,
} from '../templates/runtime.js';
import type { McpClientLike, ToolError } from '../templates/runtime.js';
import {
  connectResultsServer,
  fetchUpstream,
  getWeather,
  legacyReport,
  listedSchemas,
  lookupStation,
  planRoute,
} from './helpers/runtime-fixture.js';
import type {
  GetWeatherAlternative,
  GetWeatherErrorCode,
  GetWeatherInput,
  GetWeatherOutput,
} from './helpers/runtime-fixture.js';

let client: Client;
before(async () => {
  client = await connectResultsServer();
});
after(async () => {
  await client.close();
});

// What a generated method does: fixes the types and passes the client's options.
const weather = (args: GetWeatherInput, options: Parameters<typeof invokeTool>[3] = {}) =>
  invokeTool<GetWeatherOutput, GetWeatherAlternative, ToolError<GetWeatherErrorCode>>(
    client,
    getWeather,
    args,
    options,
  );

function failed<R extends { ok: boolean }>(result: R): Extract<R, { ok: false }> {
  assert.equal(result.ok, false, `expected ok:false, got ${JSON.stringify(result)}`);
  return result as Extract<R, { ok: false }>;
}

describe('worldmonitor layout (anyOf: documented, projection, attribution, coded envelopes)', () => {
  test('the documented payload is ok with variant "documented"', async () => {
    const result = await weather({ city: 'Oslo' });
    assert.equal(result.ok, true);
    assert.ok(result.ok && result.variant === 'documented');
    assert.deepEqual(result.data, {
      city: 'Oslo',
      temperature_c: 21.5,
      conditions: 'clear',
      observed_at: '2025-01-01T12:00:00Z',
    });
    assert.deepEqual(result.raw.structuredContent, result.data);
  });

  test('alternatives come back as their variant, not as the documented payload', async () => {
    const projection = await weather({ city: 'Oslo', mode: 'projection' });
    assert.ok(projection.ok && projection.variant === 'projection');
    assert.deepEqual(projection.data, { projection: { city: 'Oslo', temperature_c: 21.5 } });

    const attribution = await weather({ city: 'Oslo', mode: 'attribution' });
    assert.ok(attribution.ok && attribution.variant === 'attribution');
    assert.equal(
      attribution.data._attribution,
      'Contains data from the Fixture Weather Service (CC BY 4.0).',
    );
  });

  test('a leading-underscore envelope key is its code; the hint is the message', async () => {
    const { error } = failed(await weather({ city: 'Oslo', mode: 'budget' }));
    assert.equal(error.code, '_budget_exceeded');
    assert.equal(error.tool, 'get_weather');
    assert.equal(error.serverCode, undefined);
    assert.equal(error.retryable, undefined);
    assert.equal(
      error.message,
      'Response exceeds tool output budget. Use the jmespath argument to project only the fields you need.',
    );
    assert.deepEqual(error.details, {
      _budget_exceeded: true,
      budget_bytes: 65536,
      actual_bytes: 142337,
      hint: 'Response exceeds tool output budget. Use the jmespath argument to project only the fields you need.',
    });
  });

  test('a `_jmespath_error` kind that is a known code becomes that code', async () => {
    const { error } = failed(await weather({ city: 'Oslo', mode: 'jmespath_too_long' }));
    assert.equal(error.code, 'expression_too_long');
    assert.equal(error.message, 'expression_too_long: 1156 > 1024');
    assert.deepEqual(error.details, {
      _jmespath_error: 'expression_too_long: 1156 > 1024',
      original_keys: ['city', 'temperature_c'],
    });
  });

  test('a `_jmespath_error` kind not known at generation time keeps the envelope code', async () => {
    const { error } = failed(await weather({ city: 'Oslo', mode: 'jmespath_new_kind' }));
    assert.equal(error.code, '_jmespath_error');
    assert.equal(error.message, 'quota_exhausted: 3 expressions per minute');
  });

  test('a property-value envelope `{ error: "unknown_city" }` is ok:false with that code', async () => {
    const { error } = failed(await weather({ city: 'Atlantis' }));
    assert.equal(error.code, GetWeatherErrorCode_UnknownCity);
    assert.equal(error.message, 'Pass a city listed by results://cities.');
    assert.deepEqual(error.details, {
      error: 'unknown_city',
      requested: 'Atlantis',
      hint: 'Pass a city listed by results://cities.',
    });
  });

  test('a payload violating the documented schema is $invalid_result with a pointer, never ok:true', async () => {
    const { error } = failed(await weather({ city: 'Oslo', mode: 'invalid' }));
    assert.equal(error.code, RuntimeErrorCode.InvalidResult);
    assert.equal(error.issues?.[0]?.pointer, '/temperature_c');
    assert.equal(error.issues?.[0]?.keyword, 'type');
    assert.equal(error.issues?.length, 1);
    assert.match(
      error.message,
      /does not match its documented schema: \/temperature_c Instance type "string" is invalid\. Expected "number"\./,
    );
  });

  test('a missing required property points at the property, not at its parent', async () => {
    const { error } = failed(await weather({ city: 'Oslo', mode: 'missing_field' }));
    assert.equal(error.code, '$invalid_result');
    assert.deepEqual(error.issues, [
      {
        pointer: '/observed_at',
        message: 'Instance does not have required property "observed_at".',
        keyword: 'required',
      },
    ]);
  });

  test('with validation off the violating payload is returned as documented data', async () => {
    const result = await weather({ city: 'Oslo', mode: 'invalid' }, { validateOutput: false });
    assert.ok(result.ok && result.variant === 'documented');
    assert.equal(result.data.temperature_c, 'warm');
  });
});
const GetWeatherErrorCode_UnknownCity: GetWeatherErrorCode = 'unknown_city';

describe('JSON Schema dialects', () => {
  test('draft-07 (array-form items, definitions): valid and invalid', async () => {
    const ok = await invokeTool(client, lookupStation, { mode: 'documented' });
    assert.deepEqual(ok, {
      ok: true,
      variant: 'documented',
      data: { id: 'YYZ', location: [43.68, -79.63] },
      raw: ok.raw,
    });
    const { error } = failed(await invokeTool(client, lookupStation, { mode: 'invalid' }));
    assert.equal(error.code, '$invalid_result');
    assert.equal(error.issues?.[0]?.pointer, '/location/1');
    assert.equal(error.issues?.[0]?.keyword, 'type');
  });

  test('2020-12 (prefixItems, $defs): valid and invalid', async () => {
    const ok = await invokeTool(client, planRoute, { mode: 'documented' });
    assert.ok(ok.ok);
    assert.deepEqual(ok.data, { legs: [['YYZ', 'YUL', 504]] });
    const { error } = failed(await invokeTool(client, planRoute, { mode: 'invalid' }));
    assert.equal(error.issues?.[0]?.pointer, '/legs/0/2');
    assert.equal(error.issues?.[0]?.keyword, 'minimum');
  });
});

describe('isError results and protocol errors (tool without outputSchema)', () => {
  test('a known code with retryable', async () => {
    const { error, raw } = failed(await invokeTool(client, fetchUpstream, { mode: 'timeout' }));
    assert.equal(raw.isError, true);
    assert.deepEqual(error, {
      tool: 'fetch_upstream',
      code: 'UPSTREAM_TIMEOUT',
      message: 'Upstream did not answer within 5000 ms.',
      retryable: true,
      details: {
        code: 'UPSTREAM_TIMEOUT',
        message: 'Upstream did not answer within 5000 ms.',
        retryable: true,
      },
    });
  });

  test('an unknown code is $unknown with the code as sent (read from content text)', async () => {
    const { error } = failed(await invokeTool(client, fetchUpstream, { mode: 'unknown_code' }));
    assert.equal(error.code, RuntimeErrorCode.Unknown);
    assert.equal(error.serverCode, 'QUOTA_BURNED');
    assert.equal(error.retryable, false);
    assert.equal(error.message, 'Monthly upstream quota used up.');
  });

  test('an `error` string property is the code of an isError result', async () => {
    const { error } = failed(await invokeTool(client, fetchUpstream, { mode: 'unknown_tool' }));
    assert.equal(error.code, 'unknown_tool');
    assert.equal(error.message, 'fetch_upstream returned unknown_tool');
  });

  test('plain text without a code is $uncoded, the text is the message', async () => {
    const { error } = failed(await invokeTool(client, fetchUpstream, { mode: 'uncoded' }));
    assert.equal(error.code, RuntimeErrorCode.Uncoded);
    assert.equal(error.serverCode, undefined);
    assert.equal(error.message, 'Upstream exploded.');
    assert.equal(error.details, 'Upstream exploded.');
  });

  test('a JSON-RPC error is thrown as McpProtocolError, keeping code, data and message, not returned', async () => {
    await assert.rejects(
      invokeTool(client, fetchUpstream, { mode: 'protocol' }),
      (error: unknown) => {
        assert.ok(error instanceof McpProtocolError);
        assert.ok(!(error instanceof McpError), 'our own class: no SDK base class');
        assert.ok(error.original instanceof McpError, 'the SDK error is kept');
        assert.equal(error.code, -32602);
        assert.deepEqual(error.data, { allowed: ['earth'] });
        assert.equal(error.method, 'tools/call');
        assert.equal(error.target, 'fetch_upstream');
        assert.equal(
          error.message,
          'MCP error -32602: Upstream "mars" is not allowed (tools/call "fetch_upstream")',
        );
        return true;
      },
    );
  });

  test('a successful plain-text answer (no outputSchema) is its text and its content blocks', async () => {
    const result = await invokeTool(client, fetchUpstream, { mode: 'ok' });
    const content = [{ type: 'text', text: 'Fetched 3 items.' }];
    assert.deepEqual(result, {
      ok: true,
      variant: 'documented',
      data: { text: 'Fetched 3 items.', content },
      raw: { content },
    });
  });
});

describe('text-only results (no structuredContent)', () => {
  test('JSON in content[0].text is the payload, validated', async () => {
    const result = await invokeTool(client, legacyReport, { mode: 'ok' });
    assert.equal(result.raw.structuredContent, undefined);
    assert.ok(result.ok);
    assert.deepEqual(result.data, {
      title: 'Q3',
      rows: [
        { k: 'revenue', v: 12 },
        { k: 'cost', v: 7 },
      ],
    });
  });

  test('a coded envelope in text (no isError) is ok:false with the configured code', async () => {
    const { error } = failed(await invokeTool(client, legacyReport, { mode: 'missing' }));
    assert.equal(error.code, 'missing_report_id');
    assert.equal(error.message, 'Pass report_id as a non-empty string.');
  });

  test('non-JSON text for a tool with an outputSchema fails validation; with validation off it is the string', async () => {
    const { error } = failed(await invokeTool(client, legacyReport, { mode: 'not_json' }));
    assert.equal(error.code, '$invalid_result');
    assert.deepEqual(error.issues?.[0], {
      pointer: '',
      message: 'Instance type "string" is invalid. Expected "object".',
      keyword: 'type',
    });
    const off = await invokeTool(
      client,
      legacyReport,
      { mode: 'not_json' },
      { validateOutput: false },
    );
    assert.ok(off.ok);
    assert.equal(off.data, 'Report unavailable.');
  });
});

describe('input validation', () => {
  // The real client, counting the calls that reach it: proves invalid input is never sent.
  function counting(): McpClientLike & { calls: number } {
    const wrapper = {
      calls: 0,
      callTool: (...args: Parameters<Client['callTool']>) => {
        wrapper.calls++;
        return client.callTool(...args);
      },
    };
    return wrapper;
  }

  test('invalid arguments are $invalid_input with a pointer, and nothing is sent', async () => {
    const c = counting();
    const wrongType = failed(
      await invokeTool(c, getWeather, { city: 42 }, { validateInput: true }),
    );
    assert.equal(wrongType.error.code, RuntimeErrorCode.InvalidInput);
    assert.equal(wrongType.error.issues?.[0]?.pointer, '/city');
    assert.deepEqual(wrongType.raw, { content: [] });
    assert.deepEqual(wrongType.error.details, { city: 42 });

    const missing = failed(await invokeTool(c, getWeather, {}, { validateInput: true }));
    assert.deepEqual(missing.error.issues, [
      {
        pointer: '/city',
        message: 'Instance does not have required property "city".',
        keyword: 'required',
      },
    ]);
    const extra = failed(
      await invokeTool(c, getWeather, { city: 'Oslo', units: 'metric' }, { validateInput: true }),
    );
    assert.equal(extra.error.issues?.[0]?.pointer, '/units');
    assert.equal(c.calls, 0);
  });

  test('valid arguments (undefined optional members dropped, as on the wire) are sent', async () => {
    const c = counting();
    const result = await invokeTool(
      c,
      getWeather,
      { city: 'Oslo', mode: undefined },
      { validateInput: true },
    );
    assert.equal(result.ok, true);
    assert.equal(c.calls, 1);
  });

  test('input validation is off by default', async () => {
    // The fixture does not check inputs either: a number city comes back as the string "42".
    const result = await invokeTool(client, getWeather, { city: 42 });
    assert.ok(result.ok);
    assert.deepEqual(result.data, {
      city: '42',
      temperature_c: 21.5,
      conditions: 'clear',
      observed_at: '2025-01-01T12:00:00Z',
    });
  });
});

describe('unwrap', () => {
  test('returns data of ok results and throws ToolCallError with the typed error otherwise', async () => {
    const data = await weather({ city: 'Oslo' }).then(unwrap);
    assert.ok('city' in data); // data is the documented payload or an alternative: narrow first
    assert.equal(data.city, 'Oslo');
    await assert.rejects(
      weather({ city: 'Oslo', mode: 'budget' }).then(unwrap),
      (error: unknown) => {
        assert.ok(error instanceof ToolCallError);
        assert.equal(
          (error as ToolCallError<ToolError<GetWeatherErrorCode>>).error.code,
          '_budget_exceeded',
        );
        assert.equal(
          (error.raw.structuredContent as { budget_bytes?: unknown }).budget_bytes,
          65536,
        );
        assert.match(error.message, /^get_weather failed with _budget_exceeded: Response exceeds/);
        return true;
      },
    );
  });
});

describe('the hand-written specs mirror the server', () => {
  test("the specs' schemas are what tools/list declares", async () => {
    // A separate client: listTools() makes the SDK Client cache validators (see the next test).
    const lister = await connectResultsServer();
    try {
      const { tools } = await lister.listTools();
      for (const [name, listed] of Object.entries(listedSchemas)) {
        assert.deepEqual(
          tools.find((t) => t.name === name)?.outputSchema,
          listed.outputSchema,
          name,
        );
      }
      assert.equal(tools.find((t) => t.name === 'fetch_upstream')?.outputSchema, undefined);
      assert.deepEqual(
        tools.find((t) => t.name === 'get_weather')?.inputSchema,
        listedSchemas.get_weather.inputSchema,
      );
    } finally {
      await lister.close();
    }
  });

  test('after listTools(), the SDK Client validates by itself and throws before the runtime sees the result', async () => {
    // Documents an SDK behaviour generated clients inherit: with cached tool metadata, a schema
    // violation or text-only result of an outputSchema tool is a thrown McpError, not $invalid_result.
    const lister = await connectResultsServer();
    try {
      await lister.listTools();
      await assert.rejects(
        invokeTool(lister, getWeather, { city: 'Oslo', mode: 'invalid' }),
        (e: unknown) => e instanceof McpProtocolError && e.code === -32602,
      );
      await assert.rejects(
        invokeTool(lister, legacyReport, { mode: 'ok' }),
        (e: unknown) => e instanceof McpProtocolError && e.code === -32600,
      );
    } finally {
      await lister.close();
    }
  });
});

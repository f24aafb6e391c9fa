/**
 * The model stage on its own, as given/want tables: how an output schema splits into branches
 * (documented, alternatives, coded error envelopes), which error codes a tool declares, how a
 * method takes its input, and which names hoisted types and client members get. Real functions,
 * exact outputs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { outputBranches, type OutputBranch } from '../src/model/branches.js';
import { buildClientModel } from '../src/model/build.js';
import { deriveErrorCodes, type ErrorCode } from '../src/schema/error-codes.js';
import { inputKindOf, type InputKind } from '../src/model/input-kind.js';
import { NamePlanner } from '../src/model/naming.js';
import { TypeSet } from '../src/model/type-set.js';
import { compileDefinitions } from '../src/schema/compile.js';
import { sanitizeSchema } from '../src/schema/sanitize.js';
import type { JsonObject } from '../src/shared/json.js';
import type { ErrorCodeConfig } from '../src/config/types.js';
import type { Snapshot, Tool } from '../src/snapshot/types.js';
import { ADAPTERS } from '../src/emit/agents/adapters.js';

const weather: JsonObject = {
  type: 'object',
  properties: { temp: { type: 'number' } },
  required: ['temp'],
};
const summary: JsonObject = {
  type: 'object',
  properties: { summary: { type: 'string' } },
  required: ['summary'],
};
const budget: JsonObject = {
  type: 'object',
  properties: { _budget_exceeded: { type: 'boolean' } },
  required: ['_budget_exceeded'],
  description: 'Over budget.',
};
const coded: JsonObject = {
  type: 'object',
  properties: { error: { enum: ['not_found', 'gone'] }, message: { type: 'string' } },
  required: ['error'],
};

test('output branches: given an output schema, want its branches', async (t) => {
  const table: Array<[title: string, given: JsonObject, want: OutputBranch[]]> = [
    [
      'a plain schema is one documented branch',
      { type: 'object', properties: { a: { type: 'string' } } },
      [
        {
          index: 0,
          kind: 'documented',
          schema: { type: 'object', properties: { a: { type: 'string' } } },
          required: [],
        },
      ],
    ],
    [
      'anyOf: the first branch is documented, a later one without a code is an alternative, coded ones are errors',
      { anyOf: [weather, summary, budget, coded] },
      [
        { index: 0, kind: 'documented', schema: weather, required: ['temp'] },
        { index: 1, kind: 'alternative', schema: summary, required: ['summary'] },
        {
          index: 2,
          kind: 'error',
          schema: budget,
          required: ['_budget_exceeded'],
          code: '_budget_exceeded',
        },
        {
          index: 3,
          kind: 'error',
          schema: coded,
          required: ['error'],
          discriminator: { key: 'error', values: ['gone', 'not_found'] },
        },
      ],
    ],
    [
      'a single required key without a leading underscore is no envelope',
      {
        anyOf: [
          weather,
          { type: 'object', properties: { budget: { type: 'boolean' } }, required: ['budget'] },
        ],
      },
      [
        { index: 0, kind: 'documented', schema: weather, required: ['temp'] },
        {
          index: 1,
          kind: 'alternative',
          schema: {
            type: 'object',
            properties: { budget: { type: 'boolean' } },
            required: ['budget'],
          },
          required: ['budget'],
        },
      ],
    ],
    [
      'oneOf branches inherit the parent keywords and keep its $defs; a $ref branch is followed',
      {
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
        $defs: { E: { type: 'object', properties: { code: { const: 'rate_limited' } } } },
        oneOf: [{}, { $ref: '#/$defs/E' }],
      },
      [
        {
          index: 0,
          kind: 'documented',
          schema: {
            type: 'object',
            properties: { id: { type: 'string' } },
            required: ['id'],
            $defs: { E: { type: 'object', properties: { code: { const: 'rate_limited' } } } },
          },
          required: ['id'],
        },
        {
          index: 1,
          kind: 'error',
          schema: {
            type: 'object',
            properties: { id: { type: 'string' }, code: { const: 'rate_limited' } },
            required: ['id'],
            $defs: { E: { type: 'object', properties: { code: { const: 'rate_limited' } } } },
          },
          required: ['id'],
          discriminator: { key: 'code', values: ['rate_limited'] },
        },
      ],
    ],
  ];
  for (const [title, given, want] of table)
    await t.test(title, () => assert.deepEqual(outputBranches(given), want));
});

test('error codes: given a tool and the config, want the codes it declares', async (t) => {
  /** A code read off the `error` property's values in output branch `branch`, without a description. */
  const byErrorValue = (code: string, branch: number): ErrorCode => ({
    code,
    description: undefined,
    source: { kind: 'property-value', property: 'error', branch },
  });
  const tool = (outputSchema?: JsonObject): Tool => ({
    name: 't',
    inputSchema: { type: 'object' },
    ...(outputSchema ? { outputSchema } : {}),
  });
  const table: Array<
    [title: string, given: { tool: Tool; config?: ErrorCodeConfig }, want: ErrorCode[]]
  > = [
    ['no output schema, no config: none', { tool: tool() }, []],
    ['the documented branch never declares a code', { tool: tool({ anyOf: [coded] }) }, []],
    [
      'envelope keys and error values from later branches, sorted by code',
      { tool: tool({ anyOf: [weather, budget, coded] }) },
      [
        {
          code: '_budget_exceeded',
          description: 'Over budget.',
          source: { kind: 'envelope-key', key: '_budget_exceeded', branch: 1 },
        },
        byErrorValue('gone', 2),
        byErrorValue('not_found', 2),
      ],
    ],
    [
      'config codes add to the schema ones; the schema wins a code both name; empty text is no description',
      {
        tool: tool({ anyOf: [weather, coded] }),
        config: {
          server: { auth_failed: 'Bad key.' },
          tools: { t: { gone: 'Already deleted.', quota: '' } },
        },
      },
      [
        {
          code: 'auth_failed',
          description: 'Bad key.',
          source: { kind: 'config', scope: 'server' },
        },
        byErrorValue('gone', 1),
        byErrorValue('not_found', 1),
        { code: 'quota', description: undefined, source: { kind: 'config', scope: 'tool' } },
      ],
    ],
    [
      'config for another tool does not apply',
      { tool: tool(), config: { tools: { other: { nope: 'x' } } } },
      [],
    ],
  ];
  for (const [title, { tool: given, config }, want] of table)
    await t.test(title, () => assert.deepEqual(deriveErrorCodes(given, config), want));
});

test('runtime errors: given a tool and the config, want only the codes that can happen to it', () => {
  const tool = (name: string, over: Partial<Tool> = {}): Tool => ({
    name,
    inputSchema: { type: 'object' },
    ...over,
  });
  const snapshot: Snapshot = {
    format: 'mcp-codegen/snapshot',
    version: 1,
    tools: [
      tool('a-plain'),
      tool('b-shaped', { outputSchema: weather }),
      tool('c-coded', { outputSchema: { anyOf: [weather, coded] } }),
    ],
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
  const table: Array<
    [
      title: string,
      validateInput: boolean,
      want: Array<[string, string[], string | undefined, string]>,
    ]
  > = [
    [
      'input schemas not embedded: $invalid_result only where a result shape is known',
      false,
      [
        ['a-plain', [], undefined, 'UncheckedInputOptions'],
        ['b-shaped', ['$invalid_result'], undefined, 'UncheckedInputOptions'],
        ['c-coded', ['$invalid_result'], 'CCodedErrorCode', 'UncheckedInputOptions'],
      ],
    ],
    [
      'input schemas embedded: $invalid_input on every tool',
      true,
      [
        ['a-plain', ['$invalid_input'], undefined, 'InvokeOptions'],
        ['b-shaped', ['$invalid_result', '$invalid_input'], undefined, 'InvokeOptions'],
        ['c-coded', ['$invalid_result', '$invalid_input'], 'CCodedErrorCode', 'InvokeOptions'],
      ],
    ],
  ];
  for (const [title, validateInput, want] of table) {
    const model = buildClientModel(snapshot, { name: 'x', validateInput }, ADAPTERS);
    assert.deepEqual(
      model.tools.map((t) => [t.tool.name, t.checkCodes, t.errorCodeEnum, t.optionsType]),
      want,
      title,
    );
    assert.equal(model.invokeOptionsType, want[0]![3], title);
  }
});

test('input kinds: given a sanitized input schema, want how the method takes it', async (t) => {
  const table: Array<[title: string, given: JsonObject, want: InputKind]> = [
    ['type object', { type: 'object' }, 'object'],
    ['properties alone describe an object', { properties: {} }, 'object'],
    ['a string', { type: 'string' }, 'open'],
    ['an empty schema admits anything', {}, 'open'],
    ['object or null', { type: ['object', 'null'] }, 'open'],
    [
      'a union with a non-object member',
      { anyOf: [{ type: 'object' }, { type: 'string' }] },
      'open',
    ],
    ['a union of object shapes', { anyOf: [{ type: 'object' }, { required: ['a'] }] }, 'object'],
    ['a $ref to an object', { $ref: '#/$defs/A', $defs: { A: { type: 'object' } } }, 'object'],
    ['a $ref to an array', { $ref: '#/$defs/A', $defs: { A: { type: 'array' } } }, 'open'],
    ['a $ref to itself (unsure: open)', { $ref: '#' }, 'open'],
    [
      'allOf with an object member',
      { allOf: [{ type: 'object' }, { description: 'x' }] },
      'object',
    ],
    ['an enum', { enum: [{}] }, 'open'],
    ['the never marker of a false schema', { tsType: 'never' }, 'object'],
  ];
  for (const [title, given, want] of table)
    await t.test(title, () => assert.equal(inputKindOf(given), want));
});

test('hoisted type names: given tool schemas with $defs, want the names and the warnings', () => {
  const planner = new NamePlanner(new Set(['Promise']));
  const types = new TypeSet(planner);
  const user: JsonObject = { type: 'object', properties: { name: { type: 'string' } } };
  const add = (name: string, schema: JsonObject, owner: string) =>
    types.add(planner.claim(name), sanitizeSchema(schema), owner);
  planner.claim('User');
  const table: Array<
    [given: [name: string, schema: JsonObject, owner: string], wantWarnings: string[]]
  > = [
    [
      [
        'AInput',
        { type: 'object', properties: { u: { $ref: '#/$defs/User' } }, $defs: { User: user } },
        'A',
      ],
      [],
    ],
    [
      [
        'BInput',
        { type: 'object', properties: { u: { $ref: '#/$defs/User' } }, $defs: { User: user } },
        'B',
      ],
      [],
    ],
    [
      [
        'CInput',
        {
          type: 'object',
          properties: {
            u: { $ref: '#/$defs/User' },
            p: { $ref: '#/$defs/Promise' },
            l: { $ref: '#/$defs/Loop' },
          },
          $defs: {
            User: { type: 'string' },
            Promise: { type: 'number' },
            Loop: { anyOf: [{ $ref: '#/$defs/Loop' }, { type: 'string' }] },
          },
        },
        'C',
      ],
      [
        '/$defs/Loop: $ref cycle through unions or intersections only, with no object or array in between: typed as unknown',
      ],
    ],
  ];
  for (const [given, wantWarnings] of table)
    assert.deepEqual(add(...given), wantWarnings, given[0]);
  // `User` was taken, so A's becomes AUser; B's identical one is shared; C's differs and gets its owner's prefix.
  // A reserved name (`Promise`) is never claimed: it gets a suffix.
  assert.deepEqual(Object.keys(types.definitions()), [
    'AUser',
    'AInput',
    'BInput',
    'Loop',
    'Promise_',
    'CUser',
    'CInput',
  ]);
});

test('client names: given tool names, want members and type names that compile and do not collide', () => {
  const object: JsonObject = { type: 'object' };
  const names = ['get-weather', 'get_weather', 'templates', 'constructor', '123 go!', 'Promise'];
  const snapshot: Snapshot = {
    format: 'mcp-codegen/snapshot',
    version: 1,
    tools: names.map((name) => ({ name, inputSchema: object })),
    resources: [],
    resourceTemplates: [{ uriTemplate: 'x://{a}', name: 'x' }],
    prompts: [],
  };
  const model = buildClientModel(snapshot, { name: 'weather' }, ADAPTERS);
  const want: Array<[tool: string, method: string, inputType: string, resultType: string]> = [
    ['123 go!', 'tool123Go', 'Tool123GoInput', 'Tool123GoResult'],
    ['Promise', 'promise', 'PromiseInput', 'PromiseResult'],
    ['constructor', 'constructor_', 'ConstructorInput', 'ConstructorResult'],
    ['get-weather', 'getWeather', 'GetWeatherInput', 'GetWeatherResult'],
    ['get_weather', 'getWeather2', 'GetWeather2Input', 'GetWeather2Result'],
    ['templates', 'templates2', 'TemplatesInput', 'TemplatesResult'],
  ];
  assert.deepEqual(
    model.tools.map((t) => [t.tool.name, t.method, t.inputType, t.resultType]),
    want,
  );
  assert.deepEqual(
    [model.className, model.optionsTypeName, model.groups],
    [
      'WeatherClient',
      'WeatherClientOptions',
      { resources: undefined, templates: 'templates', prompts: undefined },
    ],
  );
  assert.deepEqual(model.warnings, [
    'tool "get_weather" is named getWeather2: GetWeather was taken by another tool whose name sorts first',
  ]);
});

test('hostile $refs: given a malformed percent escape, want an unresolved reference, not a crash', async () => {
  const inputSchema: JsonObject = {
    type: 'object',
    properties: { a: { $ref: '#/%zz' }, b: { $ref: '#/$defs/B%20C' } },
    $defs: { 'B C': { type: 'string' } },
  };
  const snapshot: Snapshot = {
    format: 'mcp-codegen/snapshot',
    version: 1,
    tools: [{ name: 't', inputSchema }],
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
  const model = buildClientModel(snapshot, { name: 'x' }, ADAPTERS);
  assert.equal(
    await compileDefinitions(model.definitions),
    'export type B20C = string\n\nexport interface TInput {\n/**\n * (unresolved $ref: typed as unknown)\n */\na?: unknown\nb?: B20C\n}\n',
  );
});

test('tools whose schemas are byte-identical name one validator, the first one in validators.ts order', () => {
  const object = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
  const snapshot: Snapshot = {
    format: 'mcp-codegen/snapshot',
    version: 1,
    tools: ['a_read', 'b_read', 'c_other'].map((name) => ({
      name,
      inputSchema: name === 'c_other' ? { type: 'object' } : object,
      outputSchema: name === 'c_other' ? weather : object,
    })),
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
  const model = buildClientModel(snapshot, { name: 'shared', validateInput: true }, ADAPTERS);
  assert.deepEqual(
    model.tools.map((t) => [t.tool.name, t.branches.map((b) => b.validator), t.inputValidator]),
    [
      ['a_read', ['AReadSpec_0'], 'AReadSpec_0'],
      ['b_read', ['AReadSpec_0'], 'AReadSpec_0'],
      ['c_other', ['COtherSpec_0'], 'COtherSpec_input'],
    ],
  );
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RUNTIME_EXPORTS } from '../src/model/build.js';
import { openaiToolNames } from '../src/model/adapters/openai.js';
import { NamePlanner, camelCase, pascalCase } from '../src/model/naming.js';
import { runtimeExports } from './helpers/runtime-exports.js';

test('names from server strings (given → want)', () => {
  const cases: Array<[string, string, string]> = [
    ['get-sum', 'getSum', 'GetSum'],
    ['API-get-user', 'apiGetUser', 'ApiGetUser'],
    ['foo_bar', 'fooBar', 'FooBar'],
    ['getHTTPResponse', 'getHttpResponse', 'GetHttpResponse'],
    ['2fa-login', 'item2FaLogin', 'Item2FaLogin'],
    ['résumé', 'resume', 'Resume'],
    ['azmcp_storage_account_get', 'azmcpStorageAccountGet', 'AzmcpStorageAccountGet'],
    ['x*/y', 'xY', 'XY'],
  ];
  for (const [given, camel, pascal] of cases) {
    assert.equal(camelCase(given), camel, given);
    assert.equal(pascalCase(given), pascal, given);
  }
  assert.match(camelCase('日本語'), /^item[0-9A-F][0-9A-Za-z]{5}$/);
  assert.equal(camelCase('日本語'), camelCase('日本語'), 'a fallback name is stable');
});

test('the planner claims in order, suffixes collisions and reserved names', () => {
  const planner = new NamePlanner(new Set(['constructor']));
  assert.equal(planner.claim('fooBar'), 'fooBar');
  assert.equal(planner.claim('fooBar'), 'fooBar2');
  assert.equal(planner.claim('fooBar'), 'fooBar3');
  assert.equal(planner.claim('constructor'), 'constructor_');
});

test('OpenAI tool names: what @openai/agents would make of each, at most 64 characters, unique (given → want)', () => {
  const long = 'a'.repeat(70);
  const cases: Array<[string[], string[]]> = [
    [
      ['get-forecast', 'list_cities'],
      ['get_forecast', 'list_cities'],
    ],
    // Two wire names that the SDK would turn into one name.
    [
      ['get-user', 'get_user', 'get.user'],
      ['get_user', 'get_user_2', 'get_user_3'],
    ],
    [
      ['x*/y', 'résumé', ''],
      ['x__y', 'r_sum_', 'tool'],
    ],
    [
      [long, `${long}b`],
      ['a'.repeat(64), `${'a'.repeat(62)}_2`],
    ],
  ];
  for (const [given, want] of cases) {
    assert.deepEqual(openaiToolNames(given), want, given.join(', '));
    for (const name of want) assert.match(name, /^[A-Za-z0-9_]{1,64}$/);
  }
});

test('every name the runtime template exports, its own and re-exported, is reserved for generated declarations', async () => {
  const exported = await runtimeExports();
  assert.ok(exported.length > 10);
  const planner = new NamePlanner(new Set(RUNTIME_EXPORTS));
  for (const name of exported)
    assert.notEqual(planner.claim(name), name, `a generated ${name} would shadow the runtime's`);
});

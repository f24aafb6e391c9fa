import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RUNTIME_EXPORTS } from '../src/model/build.js';
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

test('every name the runtime template exports, its own and re-exported, is reserved for generated declarations', async () => {
  const exported = await runtimeExports();
  assert.ok(exported.length > 10);
  const planner = new NamePlanner(new Set(RUNTIME_EXPORTS));
  for (const name of exported)
    assert.notEqual(planner.claim(name), name, `a generated ${name} would shadow the runtime's`);
});

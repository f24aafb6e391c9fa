/**
 * The aggregate's run-time guard compares the names a server lists as the planner compared the
 * generated ones: templates/runtime-names.ts restates `camelCase(name, 'tool')` of
 * src/model/naming.ts (the runtime imports nothing of the generator). The two must agree on every
 * name: a table of hard cases, every tool name of the fixture catalogs, and the shared catalogs'.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { camelCase } from '../src/model/naming.js';
import { toolIdentifier } from '../templates/runtime-names.js';
import { fixtureCatalogs, sharedCatalogs } from './helpers/paths.js';

const TABLE: Array<[name: string, identifier: string]> = [
  ['get-user', 'getUser'],
  ['get_user', 'getUser'],
  ['getUser', 'getUser'],
  ['GET_USER', 'getUser'],
  ['add_note', 'addNote'],
  ['count-rows', 'countRows'],
  ['API-getUser2x', 'apiGetUser2X'],
  ['getHTTPResponse', 'getHttpResponse'],
  ['2fa-login', 'tool2FaLogin'],
  ['9', 'tool9'],
  ['résumé', 'resume'],
  ['Ångström unit', 'angstromUnit'],
  ['x*/y', 'xY'],
  ['__proto__', 'proto'],
  ['constructor', 'constructor'],
  ['notes.search', 'notesSearch'],
  ['a  b\tc\n', 'aBC'],
];

test('given a tool name, want the identifier: the runtime rule and the planner agree', async () => {
  for (const [name, identifier] of TABLE) {
    assert.equal(camelCase(name, 'tool'), identifier, `planner: ${JSON.stringify(name)}`);
    assert.equal(await toolIdentifier(name), identifier, `runtime: ${JSON.stringify(name)}`);
  }
});

test('a name without a letter or digit: both fall back to the same hash-named identifier', async () => {
  for (const name of ['', '日本語', '!!!', '🙂', '-_-']) {
    const planned = camelCase(name, 'tool');
    assert.match(planned, /^tool[0-9A-Fa-f]{6}$/, JSON.stringify(name));
    assert.equal(await toolIdentifier(name), planned, JSON.stringify(name));
  }
});

test('every tool name of the fixture catalogs and the shared catalogs: the same identifier', async (t) => {
  const shared = sharedCatalogs();
  if (shared.skip) t.diagnostic(shared.skip);
  let compared = 0;
  for (const file of [...fixtureCatalogs(), ...shared.files]) {
    const catalog = JSON.parse(await readFile(file, 'utf8')) as {
      tools?: Array<{ name?: unknown }>;
    };
    for (const tool of catalog.tools ?? []) {
      if (typeof tool.name !== 'string') continue;
      assert.equal(await toolIdentifier(tool.name), camelCase(tool.name, 'tool'), tool.name);
      compared++;
    }
  }
  t.diagnostic(`${compared} names compared`);
  assert.ok(compared > 50, `compared ${compared} names`);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toolUiResource, visibleToModel } from '../src/snapshot/mcp-apps.js';
import type { Tool } from '../src/snapshot/types.js';

const tool = (meta?: unknown): Tool => ({
  name: 't',
  inputSchema: { type: 'object' },
  ...(meta === undefined ? {} : { _meta: meta }),
});

test('visible to the model: absent, or an array that includes "model"; nothing else', () => {
  const table: Array<[unknown, boolean]> = [
    [undefined, true],
    [{}, true],
    [{ ui: {} }, true],
    [{ ui: { resourceUri: 'ui://a' } }, true],
    [{ ui: { visibility: ['model'] } }, true],
    [{ ui: { visibility: ['model', 'app'] } }, true],
    [{ ui: { visibility: ['app', 'model', 'future'] } }, true],
    [{ ui: { visibility: ['app'] } }, false],
    [{ ui: { visibility: [] } }, false],
    [{ ui: { visibility: ['future'] } }, false],
    [{ ui: { visibility: 'model' } }, false],
    [{ ui: { visibility: null } }, false],
    [{ ui: 'model' }, true],
    [[], true],
  ];
  for (const [meta, want] of table)
    assert.equal(visibleToModel(tool(meta)), want, JSON.stringify(meta));
});

test('the UI resource URI: _meta.ui.resourceUri first, then the deprecated flat key', () => {
  assert.deepEqual(toolUiResource(tool({ ui: { resourceUri: 'ui://a' } })), {
    uri: 'ui://a',
    deprecatedKey: false,
  });
  assert.deepEqual(toolUiResource(tool({ 'ui/resourceUri': 'ui://b' })), {
    uri: 'ui://b',
    deprecatedKey: true,
  });
  assert.deepEqual(
    toolUiResource(tool({ ui: { resourceUri: 'ui://a' }, 'ui/resourceUri': 'ui://b' })),
    { uri: 'ui://a', deprecatedKey: false },
  );
  assert.equal(toolUiResource(tool({ ui: { resourceUri: 3 } })), undefined);
  assert.equal(toolUiResource(tool()), undefined);
});

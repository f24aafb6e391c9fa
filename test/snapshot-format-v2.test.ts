import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSnapshot, parseSnapshotText, serializeSnapshot } from '../src/snapshot/index.js';

const tool = { name: 'show', inputSchema: { type: 'object' } };

test('a snapshot without the version-2 keys is written as version 1, byte for byte', () => {
  const text = serializeSnapshot(parseSnapshot({ tools: [tool] }, 'x.json'));
  assert.match(text, /"version": 1,/);
  assert.equal(serializeSnapshot(parseSnapshotText(text, 'x.json')), text);
  // An empty clientCapabilities is what an absent one means: nothing to record.
  const empty = serializeSnapshot(parseSnapshot({ tools: [tool], clientCapabilities: {} }, 'x'));
  assert.equal(empty, text);
});

test('the version-2 keys round-trip canonically and make the snapshot version 2', () => {
  const given = {
    format: 'mcp-codegen/snapshot',
    version: 2,
    tools: [tool],
    clientCapabilities: { sampling: {}, roots: { listChanged: true } },
    clientCapabilitiesNotSent: ['tasks'],
    unsupportedLists: [
      { method: 'resources/templates/list', code: -32601, message: 'Method not found' },
    ],
    uiResources: [
      { uri: 'ui://b/view', sha256: 'ab', bytes: 3, mimeType: 'text/html;profile=mcp-app' },
      {
        uri: 'ui://a/view',
        ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true },
        error: { code: -32002, message: 'Resource not found' },
      },
    ],
    provenance: {
      serverJson: {
        name: 'io.example/weather',
        version: '1.0.0',
        package: { registryType: 'npm', identifier: '@example/weather', version: '1.0.0' },
      },
    },
  };
  const text = serializeSnapshot(parseSnapshot(given, 'x.json'));
  const written = JSON.parse(text) as Record<string, unknown>;
  assert.equal(written.version, 2);
  assert.deepEqual(Object.keys(written), [
    'format',
    'version',
    'provenance',
    'clientCapabilities',
    'clientCapabilitiesNotSent',
    'unsupportedLists',
    'tools',
    'resources',
    'resourceTemplates',
    'uiResources',
    'prompts',
  ]);
  assert.deepEqual(
    (written.uiResources as Array<{ uri: string }>).map((r) => r.uri),
    ['ui://a/view', 'ui://b/view'],
  );
  assert.deepEqual(Object.keys(written.clientCapabilities as object), ['roots', 'sampling']);
  assert.equal(serializeSnapshot(parseSnapshotText(text, 'x.json')), text);
});

test('version-2 keys of the wrong shape are errors at their pointer', () => {
  const bad = (extra: object, pointer: string) =>
    assert.throws(
      () => parseSnapshot({ tools: [tool], ...extra }, 's.json'),
      (e: unknown) => e instanceof Error && e.message.includes(`s.json at ${pointer}:`),
    );
  bad({ clientCapabilities: [] }, '/clientCapabilities');
  bad({ uiResources: [{ uri: 1 }] }, '/uiResources/0/uri');
  bad({ uiResources: [{ uri: 'ui://a' }, { uri: 'ui://a' }] }, '/uiResources/1');
  bad({ unsupportedLists: [{ method: 'prompts/list', code: 'x' }] }, '/unsupportedLists/0/code');
  bad({ provenance: { serverJson: {} } }, '/provenance/serverJson/name');
});

test('a version newer than this build understands is refused', () => {
  assert.throws(
    () => parseSnapshot({ format: 'mcp-codegen/snapshot', version: 3, tools: [] }, 's.json'),
    /snapshot version 3 is newer than this mcp-codegen understands \(2\)/,
  );
});

/** Precedence of result schemas in the model: declared outputSchema > config override > sampled shape. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildClientModel } from '../src/model/build.js';
import { undeclaredOutputs } from '../src/shapes/effective.js';
import { readResult, widenShape } from '../src/shapes/sample.js';
import type { Shapes, ToolShape } from '../src/shapes/types.js';
import { parseSnapshot } from '../src/snapshot/read.js';
import { ADAPTERS } from '../src/emit/agents/adapters.js';

const input = { type: 'object', properties: {} };
const snapshot = parseSnapshot(
  {
    tools: [
      {
        name: 'declared',
        inputSchema: input,
        outputSchema: { type: 'object', properties: { a: { type: 'string' } } },
      },
      { name: 'overridden', inputSchema: input },
      { name: 'sampled', inputSchema: input },
      { name: 'text_only', inputSchema: input },
      { name: 'unsampled', inputSchema: input },
    ],
  },
  'precedence.json',
);

function shapeOf(raw: unknown): ToolShape {
  const read = readResult(raw);
  assert.ok('form' in read);
  return widenShape(undefined, read, '1.0.0');
}

const json = { content: [{ type: 'text', text: '{"n":1}' }] };
const shapes: Shapes = {
  tools: new Map([
    ['declared', shapeOf(json)],
    ['overridden', shapeOf(json)],
    ['sampled', shapeOf(json)],
    ['text_only', shapeOf({ content: [{ type: 'text', text: 'ok' }] })],
  ]),
};
const overrides = {
  declared: { schema: { type: 'object', properties: { b: { type: 'number' } } } },
  overridden: { schema: { type: 'object', properties: { b: { type: 'number' } } } },
};

test('declared beats override beats sampled; text-only and unsampled tools keep ToolContent', () => {
  const model = buildClientModel(
    snapshot,
    { name: 'p', layout: 'per-tool' },
    ADAPTERS,
    undeclaredOutputs(shapes, overrides),
  );
  const byName = new Map(model.tools.map((t) => [t.tool.name, t]));
  assert.equal(byName.get('declared')!.outputOrigin, undefined);
  assert.deepEqual(Object.keys(byName.get('declared')!.tool.outputSchema!.properties as object), [
    'a',
  ]);
  assert.equal(byName.get('overridden')!.outputOrigin, 'override');
  assert.deepEqual(Object.keys(byName.get('overridden')!.tool.outputSchema!.properties as object), [
    'b',
  ]);
  assert.equal(byName.get('sampled')!.outputOrigin, 'inferred');
  assert.deepEqual(Object.keys(byName.get('sampled')!.tool.outputSchema!.properties as object), [
    'n',
  ]);
  for (const name of ['text_only', 'unsampled']) {
    assert.equal(byName.get(name)!.outputType, undefined, name);
    assert.equal(byName.get(name)!.outputOrigin, undefined, name);
  }
  // A sampled shape is not a change of the tool: catalog.json's fingerprint is the listed tool's.
  const plain = buildClientModel(snapshot, { name: 'p', layout: 'per-tool' }, ADAPTERS);
  assert.deepEqual(
    model.tools.map((t) => t.fingerprint),
    plain.tools.map((t) => t.fingerprint),
  );
});

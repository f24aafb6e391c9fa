/** The shapes file: canonical writing, lenient reading, widening one result at a time, the change report. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseShapesText, serializeShapes } from '../src/shapes/file.js';
import { describeChanges, readResult, widenShape } from '../src/shapes/sample.js';
import type { Shapes, ToolShape } from '../src/shapes/types.js';

const text = (value: unknown) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

function shapeOf(results: unknown[], version = '1.0.0'): ToolShape | undefined {
  let shape: ToolShape | undefined;
  for (const raw of results) {
    const read = readResult(raw);
    if ('form' in read) shape = widenShape(shape, read, version);
  }
  return shape;
}

test('results are read as the client reads them: structuredContent, JSON text, text, other blocks', () => {
  assert.deepEqual(readResult({ content: [], structuredContent: { a: 1 } }), {
    form: 'structuredContent',
    payload: { a: 1 },
  });
  assert.deepEqual(readResult(text([1])), { form: 'json-text', payload: [1] });
  assert.deepEqual(readResult({ content: [{ type: 'text', text: '42' }] }), { form: 'text' });
  assert.deepEqual(readResult({ content: [{ type: 'image', data: '', mimeType: 'image/png' }] }), {
    form: 'image',
  });
  assert.deepEqual(readResult({ content: [], isError: true }), {
    skipped: 'an error result (isError)',
  });
});

test('the file is canonical, holds no sample values, and reads back to the same bytes', () => {
  const shape = shapeOf([
    text({ name: 'Ada Secret', id: 7 }),
    text({ name: 'Bob', id: 8, nick: null }),
  ])!;
  const shapes: Shapes = {
    tools: new Map([
      ['zeta', shape],
      ['__proto__', shape],
    ]),
  };
  const written = serializeShapes(shapes);
  assert.equal(written.endsWith('}\n'), true);
  assert.equal(written.includes('Ada'), false);
  assert.equal(written.includes('"7"') || written.includes(': 7'), false);
  assert.deepEqual(Object.keys(JSON.parse(written).tools), ['__proto__', 'zeta']);
  assert.equal(serializeShapes(parseShapesText(written, 'shapes.json')), written);
  assert.deepEqual(shape.fields, { always: ['/id', '/name'], sometimes: ['/nick'] });
  assert.equal(
    JSON.parse(written).tools.zeta.schema.$schema,
    'https://json-schema.org/draft/2020-12/schema',
  );
});

test('a result the shape covers changes nothing; a wider one is reported field by field', () => {
  const before = shapeOf([text({ id: 1, tags: ['a'] })])!;
  assert.deepEqual(
    widenShape(before, readResult(text({ id: 2, tags: [] })) as never, '1.0.0'),
    before,
  );
  const after = widenShape(before, readResult(text({ id: 'x', extra: true })) as never, '1.1.0');
  assert.deepEqual(describeChanges(before, after), [
    'field added: /extra',
    'made optional: /tags',
    'widened: /id integer → integer | string',
  ]);
  assert.deepEqual(after.seenOn, ['1.0.0', '1.1.0']);
});

test('reading is lenient about unknown keys and strict about what cannot be a shape', () => {
  const shapes = parseShapesText(
    '{"tools":{"t":{"content":["text"],"later":1}},"extra":true}',
    'f.json',
  );
  assert.deepEqual(shapes.tools.get('t'), {
    content: ['text'],
    fields: { always: [], sometimes: [] },
    seenOn: [],
  });
  assert.throws(
    () => parseShapesText('{"tools":{"t":3}}', 'f.json'),
    /f\.json at \/tools\/t: expected a tool shape/,
  );
  assert.throws(() => parseShapesText('nope', 'f.json'), /f\.json: not JSON/);
});

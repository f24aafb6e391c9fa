/**
 * src/emit/print/json-literal.ts, given/want: how embedded JSON data is laid out (one line while it
 * fits in 100 characters at its indent, else one member a line) and that the text is the data.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsLiteralLines, jsonTextThunk } from '../src/emit/print/json-literal.js';
import { MAX_JSON_DEPTH } from '../src/shared/json.js';
import type { JsonValue } from '../src/snapshot/types.js';

/** An object nested `depth` levels under `a`, with a long string at the bottom. */
function nested(depth: number): JsonValue {
  let value: JsonValue = { leaf: 'x'.repeat(80) };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const CASES: Array<{ name: string; given: JsonValue; indent?: string; want: string }> = [
  {
    name: 'a short object stays on one line',
    given: { type: 'string' },
    want: '{"type":"string"}',
  },
  { name: 'a scalar is its literal', given: 'a<b', want: '"a\\u003cb"' },
  { name: 'an empty array', given: [], want: '[]' },
  {
    name: '__proto__ is a computed key, an undefined member is left out, null kept',
    given: JSON.parse('{"__proto__":1,"n":null}') as JsonValue,
    want: '{["__proto__"]:1,"n":null}',
  },
  {
    name: 'a long object is one member a line, its short members flat',
    given: {
      type: 'object',
      properties: { name: { type: 'string' } },
      description: 'y'.repeat(80),
    },
    want: [
      '{',
      '  "type": "object",',
      '  "properties": {"name":{"type":"string"}},',
      `  "description": "${'y'.repeat(80)}"`,
      '}',
    ].join('\n'),
  },
  {
    name: 'the width counts the indent: a member that fits at the top is laid out deeper',
    given: { z: 'w'.repeat(93) },
    indent: '    ',
    want: ['{', `      "z": "${'w'.repeat(93)}"`, '    }'].join('\n'),
  },
  {
    name: 'an array of long items, one a line',
    given: ['a'.repeat(60), 'b'.repeat(60)],
    want: ['[', `  "${'a'.repeat(60)}",`, `  "${'b'.repeat(60)}"`, ']'].join('\n'),
  },
  {
    name: 'nesting: each level laid out while it does not fit, flat once it does',
    given: nested(3),
    want: [
      '{',
      '  "a": {',
      '    "a": {',
      `      "a": {"leaf":"${'x'.repeat(80)}"}`,
      '    }',
      '  }',
      '}',
    ].join('\n'),
  },
];

for (const { name, given, indent, want } of CASES)
  test(`jsLiteralLines: ${name}`, () => assert.equal(jsLiteralLines(given, indent), want));

test('jsLiteralLines: as deep as a snapshot may nest (MAX_JSON_DEPTH), every line at its depth and the JSON text is the data', () => {
  const value = nested(MAX_JSON_DEPTH - 1);
  const text = jsLiteralLines(value, '', undefined, 'json');
  const lines = text.split('\n');
  for (let depth = 1; depth < MAX_JSON_DEPTH; depth++)
    assert.equal(lines[depth], `${'  '.repeat(depth)}"a": {`, `line ${depth}`);
  assert.deepEqual(JSON.parse(text), value);
});

test('jsonTextThunk: backticks, ${ and hidden characters cannot end, interpolate or hide in the text', () => {
  const value = { a: 'x`y${z}', b: 'p\u202eq' };
  const thunk = jsonTextThunk(value);
  assert.equal(thunk, '() => String.raw`{"a":"x\\u0060y$\\u007bz}","b":"p\\u202eq"}`');
  const text = thunk.slice('() => String.raw`'.length, -1);
  assert.deepEqual(JSON.parse(text), value);
});

test('a literal stays flat up to 100 characters with its indent, one member a line past it', () => {
  const long = (n: number) => 'x'.repeat(n);
  // `{"a":"…"}` is 8 characters and the string's own.
  const shared = { b: 1 };
  const rows: Array<{ given: [unknown, string, Map<object, string>?]; want: string }> = [
    { given: [{ a: long(92) }, ''], want: `{"a":"${long(92)}"}` },
    { given: [{ a: long(93) }, ''], want: `{\n  "a": "${long(93)}"\n}` },
    { given: [{ a: long(90) }, '  '], want: `{"a":"${long(90)}"}` },
    { given: [{ a: long(91) }, '  '], want: `{\n    "a": "${long(91)}"\n  }` },
    { given: [[[long(94)]], ''], want: `[["${long(94)}"]]` },
    { given: [[[long(95)]], ''], want: `[\n  [\n    "${long(95)}"\n  ]\n]` },
    {
      given: [{ a: [{ b: long(120) }] }, ''],
      want: `{\n  "a": [\n    {\n      "b": "${long(120)}"\n    }\n  ]\n}`,
    },
    { given: [{}, long(99)], want: '{}' },
    { given: [[undefined, { c: undefined }], ''], want: '[null,{}]' },
    {
      given: [{ s: shared, t: long(95) }, '', new Map([[shared, '$s']])],
      want: `{\n  "s": $s,\n  "t": "${long(95)}"\n}`,
    },
    { given: [{ s: shared }, '', new Map([[shared, '$s']])], want: '{"s":$s}' },
    {
      given: [JSON.parse(`{"__proto__":"${long(80)}"}`), ''],
      want: `{["__proto__"]:"${long(80)}"}`,
    },
  ];
  for (const { given, want } of rows) {
    const [value, indent, named] = given;
    assert.equal(jsLiteralLines(value as never, indent, named), want, JSON.stringify(given));
  }
});

/**
 * jsLiteralLines' layout at the width bound (src/emit/print/json-literal.ts): a value whose flat text
 * fits in 100 characters with its indent stays on one line, one character more is one member a line,
 * however deep the value is and wherever a nested member passes the bound.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsLiteralLines } from '../src/emit/print/json-literal.js';

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

/**
 * The inlined helper ports (src/emit/validators/helpers.ts) judge every value as the installed
 * originals do: each emitted validator is compared with Ajv + ajv-formats at run time (ValidatorCache)
 * on valid, invalid and borderline values; and a module carries only the helpers its schemas use.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ValidatorCache } from './helpers/ajv-reference.js';
import { emitValidatorModule } from '../src/emit/validators.js';
import type { JsonObject } from '../src/snapshot/types.js';
import { loadValidators } from './helpers/validators-module.js';

const STRINGS = [
  '',
  'x',
  '2024-02-29',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-04-31',
  '1900-02-29',
  '2000-02-29',
  '23:59:60Z',
  '23:59:60+01:00',
  '22:59:60-01:00',
  '12:00:00',
  '12:00:00.123+05:30',
  '24:00:00Z',
  '12:60:00Z',
  '12:00:00+24:00',
  '2024-02-29T12:00:00Z',
  '2024-02-29t12:00:00z',
  '2024-02-29 12:00:00Z',
  '2024-02-29T12:00:00',
  '2024-02-30T12:00:00Z',
  '2024-01-01T23:59:60Z',
  '2024-01-01T00:00:00.5-00:30',
  '2024-01-01TT00:00:00Z',
  'https://example.com/a?b=c#d',
  'urn:isbn:0451450523',
  'mailto:a@b.c',
  'relative/path',
  '//host/x',
  'http://[::1]:80/',
  'http://exa mple.com',
  'a+b',
  '(',
  '[a-z]+',
  'x\\Z',
  '\\\\Z',
  'aGVsbG8=',
  'aGVsbG8',
  'aGVsbA==',
  'not base64!',
  'YQ==\nYg==',
  '😀',
  '😀😀',
  'ab',
  'abc',
];
const NUMBERS = [
  0,
  1,
  -1,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_VALUE,
];
const VALUES: unknown[] = [
  ...STRINGS,
  ...NUMBERS,
  null,
  true,
  [],
  {},
  [1, 1],
  [{ a: 1 }, { a: 1 }],
  [{ a: 1 }, { a: 2 }],
  [
    [1, [2]],
    [1, [2]],
  ],
  [NaN, NaN],
  [0, -0],
  [
    { a: 1, b: 2 },
    { b: 2, a: 1 },
  ],
  [{ a: undefined }, { b: undefined }],
  { deep: [1, { x: 'y' }] },
  { deep: [1, { x: 'z' }] },
  { deep: [1, { x: 'y', extra: 1 }] },
];

const FORMATS = [
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'uri',
  'regex',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'email',
  'uuid',
  'duration',
];
const SCHEMAS: Record<string, JsonObject> = {
  ...Object.fromEntries(FORMATS.map((f) => [`format_${f.replace(/-/g, '_')}`, { format: f }])),
  dateMin: {
    type: 'string',
    format: 'date',
    formatMinimum: '2024-01-01',
    formatExclusiveMaximum: '2024-12-31',
  },
  timeMax: { type: 'string', format: 'time', formatMaximum: '12:00:00Z' },
  dateTimeMin: { type: 'string', format: 'date-time', formatMinimum: '2024-02-01T00:00:00Z' },
  isoTimeMin: { type: 'string', format: 'iso-time', formatMinimum: '10:00:00' },
  isoDateTimeMax: { type: 'string', format: 'iso-date-time', formatMaximum: '2024-02-29T12:00:00' },
  unique: { type: 'array', uniqueItems: true },
  constDeep: { const: { deep: [1, { x: 'y' }] } },
  enumMixed: { enum: [[1, 1], { deep: [1, { x: 'y' }] }, 'ab', 2 ** 31] },
  length: { type: 'string', minLength: 2, maxLength: 3 },
};

const ACCEPT_ALL = new Set(['format_float', 'format_double']);

test('each helper port agrees with ajv, ajv-formats and fast-deep-equal on every sample value', async () => {
  const { validators } = await loadValidators(
    Object.entries(SCHEMAS).map(([name, schema]) => ({ name, schema })),
    'helpers',
  );
  const cache = new ValidatorCache();
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const results = new Set<number>();
    for (const value of VALUES) {
      const issues = validators[name]!(value);
      assert.deepEqual(issues, cache.validate(schema, value), `${name}(${JSON.stringify(value)})`);
      results.add(issues.length);
    }
    // A case that accepted (or rejected) everything would not be testing its helper; float and double
    // accept every number by definition (ajv-formats' validateNumber), so they only must not reject.
    if (ACCEPT_ALL.has(name)) assert.deepEqual([...results], [0], name);
    else
      assert.ok(
        results.has(0) && results.size > 1,
        `${name} both accepts and rejects some sample values`,
      );
  }
});

test('a module declares exactly the helpers its schemas use, once each', () => {
  const count = (source: string, name: string) => source.split(`function ${name}(`).length - 1;
  const plain = emitValidatorModule([
    { name: 'plain', schema: { type: 'object', properties: { a: { type: 'number' } } } },
  ]).source;
  for (const helper of [
    '$ucs2length',
    '$equal',
    '$date',
    '$time',
    '$dateTime',
    '$uri',
    '$regex',
    '$byte',
  ])
    assert.equal(count(plain, helper), 0, helper);

  const dates = emitValidatorModule([
    { name: 'one', schema: { type: 'string', format: 'date-time' } },
    {
      name: 'two',
      schema: {
        type: 'object',
        properties: { at: { format: 'date-time' }, on: { format: 'date' } },
      },
    },
  ]).source;
  for (const helper of ['$date', '$time', '$dateTime', '$compareDateTimeStrict'])
    assert.equal(count(dates, helper), 1, helper);
  for (const helper of ['$uri', '$equal', '$ucs2length', '$compareIsoTime'])
    assert.equal(count(dates, helper), 0, helper);

  const strings = emitValidatorModule([
    { name: 'len', schema: { type: 'string', minLength: 1, format: 'uri' } },
  ]).source;
  assert.equal(count(strings, '$ucs2length'), 1);
  assert.equal(count(strings, '$uri'), 1);
  assert.equal(count(strings, '$date'), 0);
});

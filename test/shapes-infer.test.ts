/**
 * Inference and merge of payload shapes (src/shapes/infer.ts): given/want cases for what issue 24
 * asks of a merge (nullable, sometimes-missing fields, arrays of objects, unions, open objects,
 * hostile keys), and the property: every sample validates against the merge of all samples, in any
 * order, with the same serialized result, and merging is idempotent.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { inferSchema, mergeSchemas, type PayloadSchema } from '../src/shapes/infer.js';
import type { JsonValue } from '../src/shared/json.js';

function mergedOf(samples: JsonValue[]): PayloadSchema {
  return mergeSchemas(samples.map(inferSchema));
}

test('a field missing from some samples is optional; a field null in some is nullable', () => {
  const schema = mergedOf([
    { name: 'ada', email: null, age: 36 },
    { name: 'bob', email: 'b@example.org' },
  ]);
  assert.deepEqual(schema, {
    type: 'object',
    properties: {
      age: { type: 'integer' },
      email: { type: ['null', 'string'] },
      name: { type: 'string' },
    },
    required: ['email', 'name'],
  });
});

test('arrays of objects merge their elements into one item schema', () => {
  const schema = mergedOf([[{ id: 1, tag: 'a' }, { id: 2 }], [{ id: 3.5, extra: true }]]);
  assert.deepEqual(schema, {
    type: 'array',
    items: {
      type: 'object',
      properties: { extra: { type: 'boolean' }, id: { type: 'number' }, tag: { type: 'string' } },
      required: ['id'],
    },
  });
});

test('different types join a union; objects stay open', () => {
  const schema = mergedOf([{ v: 1 }, { v: 'x' }, { v: { deep: [] } }]);
  assert.deepEqual(schema.properties, {
    v: {
      anyOf: [
        { type: ['integer', 'string'] },
        { type: 'object', properties: { deep: { type: 'array' } }, required: ['deep'] },
      ],
    },
  });
  assert.equal(JSON.stringify(schema).includes('additionalProperties'), false);
  const ajv = new Ajv2020({ strict: false, ownProperties: true });
  assert.equal(ajv.validate(schema, { v: 2, added: 'by a later server' }), true);
});

test('keys named __proto__ and constructor are fields like any other', () => {
  const samples = [
    JSON.parse('{"__proto__": 1, "constructor": "c", "toString": true}') as JsonValue,
  ];
  const schema = mergedOf([...samples, ...samples]);
  assert.deepEqual(Object.keys(schema.properties as object), [
    '__proto__',
    'constructor',
    'toString',
  ]);
  assert.deepEqual(schema.required, ['__proto__', 'constructor', 'toString']);
  assert.equal(Object.getPrototypeOf(schema.properties), Object.prototype);
});

test('a schema already covering a sample is unchanged by it', () => {
  const schema = mergedOf([{ a: 1 }, { a: null, b: [1] }]);
  assert.deepEqual(mergeSchemas([schema, inferSchema({ a: 2 })]), schema);
});

// JSON as a server sends it: through JSON text, so -0 and `undefined` cannot occur and `__proto__` is a key.
const jsonSample = fc
  .jsonValue({ maxDepth: 4 })
  .map((value) => JSON.parse(JSON.stringify(value)) as JsonValue);

test('property: every sample validates against the merge of all, in any order, with one result', () => {
  // As the generated validators do (ownProperties): an absent `toString` is not the inherited function.
  const ajv = new Ajv2020({ strict: false, ownProperties: true });
  fc.assert(
    fc.property(fc.array(jsonSample, { minLength: 1, maxLength: 6 }), fc.nat(), (samples, seed) => {
      const merged = mergedOf(samples);
      const validate = ajv.compile(merged);
      for (const sample of samples)
        assert.equal(validate(sample), true, JSON.stringify(validate.errors));
      const shuffled = shuffle(samples, seed);
      assert.equal(JSON.stringify(mergedOf(shuffled)), JSON.stringify(merged));
      // One at a time, as successive `sample` runs merge into a shapes file.
      const stepwise = shuffled
        .slice(1)
        .reduce<PayloadSchema>(
          (schema, sample) => mergeSchemas([schema, inferSchema(sample)]),
          inferSchema(shuffled[0]!),
        );
      assert.equal(JSON.stringify(stepwise), JSON.stringify(merged));
      assert.equal(JSON.stringify(mergeSchemas([merged, merged])), JSON.stringify(merged));
      assert.equal(JSON.stringify(mergeSchemas([merged])), JSON.stringify(merged));
    }),
    { numRuns: 300, seed: 24 },
  );
});

function shuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed || 1;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

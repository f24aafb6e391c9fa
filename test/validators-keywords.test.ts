/**
 * A sweep of keywords beyond test/validators.test.ts's table ($dynamicRef, $recursiveRef, multipleOf,
 * draft-07 dependencies, contains bounds, if/then/else, oneOf, unevaluatedItems, propertyNames,
 * boolean subschemas...): on every sample value the emitted validator reports exactly what Ajv
 * compiled at run time (templates/runtime.ts) does, including a schema both refuse to compile.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ValidatorCache } from './helpers/ajv-reference.js';
import type { JsonObject } from '../src/snapshot/types.js';
import { loadValidators } from './helpers/validators-module.js';

const SCHEMAS: Record<string, JsonObject> = {
  dynamicRef: {
    $id: 'https://example.com/tree',
    $dynamicAnchor: 'node',
    type: 'object',
    properties: { kids: { type: 'array', items: { $dynamicRef: '#node' } }, v: { type: 'number' } },
  },
  recursiveRef2019: {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    $recursiveAnchor: true,
    type: 'object',
    properties: { kids: { type: 'array', items: { $recursiveRef: '#' } }, v: { type: 'number' } },
  },
  multipleOf: { multipleOf: 0.01 },
  dependencies07: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    dependencies: { a: ['b'], c: { required: ['d'] } },
  },
  dependentSchemas: { dependentSchemas: { a: { required: ['b'] } } },
  contains: { type: 'array', contains: { type: 'number' }, minContains: 2, maxContains: 3 },
  ifThenElse: {
    if: { properties: { k: { const: 1 } }, required: ['k'] },
    then: { required: ['x'] },
    else: { required: ['y'] },
  },
  oneOf: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
  unevaluatedItems: { type: 'array', prefixItems: [{ type: 'string' }], unevaluatedItems: false },
  propertyNames: { propertyNames: { pattern: '^[a-z]+$', maxLength: 3 } },
  exclusiveBounds: { exclusiveMinimum: 0, exclusiveMaximum: 10, minimum: 1 },
  booleanSubschemas: { properties: { a: false, b: true } },
  propertyCounts: { minProperties: 1, maxProperties: 2 },
  typeList: { type: ['string', 'null'], enum: ['x', null, 'abcd'] },
  // The validator stops at the first matching `anyOf` branch and skips a failed object's properties
  // when only the verdict is asked (templates/runtime-validate.ts): the verdicts must not move.
  anyOfLateBranch: {
    anyOf: [
      { required: ['x'], properties: { a: { type: 'string' } } },
      { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
      { type: 'number', maximum: 4 },
    ],
  },
  // Stopping at the first branch would miss `b`'s annotation, fail the inner schema and so pass the
  // `not`: a schema that reads annotations is always validated in full.
  notUnevaluated: {
    not: {
      anyOf: [{ properties: { a: true } }, { properties: { b: true } }],
      unevaluatedProperties: false,
    },
  },
  // Ajv 8 refuses it. Read as draft-04: 1 fails (the bound is exclusive), 5 passes.
  draft04ExclusiveMinimum: {
    $schema: 'http://json-schema.org/draft-04/schema#',
    minimum: 1,
    exclusiveMinimum: true,
  },
};

const VALUES: unknown[] = [
  null,
  1,
  0.015,
  0.02,
  5,
  10,
  'x',
  'abcd',
  [],
  [1],
  [1, 2],
  [1, 2, 3, 4],
  ['a', 1],
  ['a'],
  {},
  { a: 1 },
  { a: 1, b: 2 },
  { a: 'x', x: 0 },
  { a: 1, b: 2, c: 3 },
  { c: 1 },
  { c: 1, d: 1 },
  { k: 1 },
  { k: 1, x: 1 },
  { k: 2, y: 1 },
  { Ab: 1 },
  { kids: [{ v: 'x' }] },
  { kids: [{ kids: [{ v: 1 }] }] },
];

test('every keyword sample agrees with Ajv at run time', async () => {
  const { validators, module } = await loadValidators(
    Object.entries(SCHEMAS).map(([name, schema]) => ({ name, schema })),
    'keywords',
  );
  // Ajv refused draft-04's boolean exclusiveMinimum; @cfworker/json-schema validates it.
  assert.deepEqual(module.warnings, []);
  const cache = new ValidatorCache();
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const outcomes = new Set<string>();
    for (const value of VALUES) {
      const issues = validators[name]!(value);
      const ajv = cache.validate(schema, value);
      // Where Ajv could not compile the schema, the differential test's first accepted difference.
      if (ajv[0]?.keyword !== '$compile')
        assert.equal(issues.length === 0, ajv.length === 0, `${name}(${JSON.stringify(value)})`);
      outcomes.add(issues.length === 0 ? 'valid' : (issues[0]!.keyword ?? ''));
    }
    assert.ok(
      outcomes.has('valid') && outcomes.size > 1,
      `${name} accepts some samples and rejects others`,
    );
  }
});

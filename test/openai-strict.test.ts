/**
 * strictModeFit (src/schema/openai-strict.ts): which input schemas get `strict: true` in
 * openai-agents.ts. A table of schemas and the verdict each must get, the reason included for those
 * that do not fit; and every schema the table says fits is given to the real `@openai/agents`
 * `tool({ strict: true })`, which must take it without an error and send it to the model unchanged.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { strictModeFit } from '../src/schema/openai-strict.js';
import type { JsonObject } from '../src/shared/json.js';

const str = { type: 'string' };
const closed = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

const CASES: Array<{ name: string; given: JsonObject; want: string | true }> = [
  { name: 'every property required, closed', given: closed({ city: str }), want: true },
  { name: 'no properties, closed', given: closed({}), want: true },
  {
    name: 'a $schema at the root (dropped before OpenAI sees it)',
    given: closed({ city: str }, { $schema: 'http://json-schema.org/draft-07/schema#' }),
    want: true,
  },
  {
    name: 'nullable instead of optional, enums, bounds, a listed format and a pattern',
    given: closed({
      unit: { type: ['string', 'null'], enum: ['C', 'F', null] },
      days: { type: 'integer', minimum: 1, maximum: 7, description: 'How many days' },
      at: { type: 'string', format: 'date-time', title: 'When' },
      code: { type: 'string', pattern: '^[A-Z]{3}$' },
      kind: { type: 'string', const: 'forecast' },
    }),
    want: true,
  },
  {
    name: 'nested objects and arrays, all closed',
    given: closed({
      tags: { type: 'array', items: str, minItems: 1, maxItems: 5 },
      where: closed({ lat: { type: 'number' }, lon: { type: 'number' } }),
    }),
    want: true,
  },
  {
    name: 'anyOf below the root, and $refs into $defs (recursive) and definitions',
    given: closed(
      {
        value: { anyOf: [str, { type: 'number' }], description: 'Either' },
        node: { $ref: '#/$defs/node' },
        legacy: { $ref: '#/definitions/point' },
      },
      {
        $defs: { node: closed({ next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] } }) },
        definitions: { point: closed({ x: { type: 'number' } }) },
      },
    ),
    want: true,
  },
  {
    name: 'an optional property',
    given: {
      type: 'object',
      properties: { city: str, days: str },
      required: ['city'],
      additionalProperties: false,
    },
    want: '/properties/days: not in `required` (strict mode requires every property)',
  },
  {
    name: 'no additionalProperties at the root',
    given: { type: 'object', properties: { city: str }, required: ['city'] },
    want: 'the root: an object without `additionalProperties: false`',
  },
  {
    name: 'an open nested object',
    given: closed({ where: { type: 'object', properties: { lat: str }, required: ['lat'] } }),
    want: '/properties/where: an object without `additionalProperties: false`',
  },
  {
    name: 'an object in an array that is not closed',
    given: closed({ rows: { type: 'array', items: { type: 'object' } } }),
    want: '/properties/rows/items: an object without `additionalProperties: false`',
  },
  {
    name: 'a default',
    given: closed({ days: { type: 'integer', default: 3 } }),
    want: '/properties/days: `default` is not in the strict subset',
  },
  {
    name: 'minLength',
    given: closed({ city: { type: 'string', minLength: 1 } }),
    want: '/properties/city: `minLength` is not in the strict subset',
  },
  {
    name: 'allOf',
    given: closed({ city: { allOf: [str] } }),
    want: '/properties/city: `allOf` is not in the strict subset',
  },
  {
    name: 'oneOf',
    given: closed({ city: { type: 'string', oneOf: [str] } }),
    want: '/properties/city: `oneOf` is not in the strict subset',
  },
  {
    name: 'patternProperties',
    given: closed({}, { patternProperties: { '^x': str } }),
    want: 'the root: `patternProperties` is not in the strict subset',
  },
  {
    name: 'a format outside the list',
    given: closed({ site: { type: 'string', format: 'uri' } }),
    want: '/properties/site: format "uri" is not supported',
  },
  {
    name: 'a property with no type',
    given: closed({ anything: {} }),
    want: '/properties/anything: no `type` (or one outside the strict subset)',
  },
  {
    name: 'a tuple',
    given: closed({ pair: { type: 'array', items: [str, str] } }),
    want: '/properties/pair: an array without one `items` schema',
  },
  {
    name: 'anyOf at the root',
    given: { type: 'object', anyOf: [closed({ a: str }), closed({ b: str })] },
    want: 'the root: `anyOf` at the root',
  },
  {
    name: 'anyOf with a keyword beside it',
    given: closed({ v: { type: 'string', anyOf: [str, { type: 'number' }] } }),
    want: '/properties/v: `anyOf` with `type` beside it',
  },
  {
    name: 'a $ref with a keyword beside it',
    given: closed({ v: { $ref: '#/$defs/s', maxItems: 2 } }, { $defs: { s: str } }),
    want: '/properties/v: `$ref` with `maxItems` beside it',
  },
  {
    name: 'a $ref that resolves to nothing',
    given: closed({ v: { $ref: '#/$defs/missing' } }),
    want: '/properties/v: a `$ref` that does not resolve inside the schema',
  },
  {
    name: 'a remote $ref',
    given: closed({ v: { $ref: 'https://example.com/s.json' } }),
    want: '/properties/v: a `$ref` that does not resolve inside the schema',
  },
  {
    name: 'the root not an object',
    given: { type: 'array', items: str },
    want: 'the root: not `type: "object"`',
  },
  {
    name: 'required naming an undeclared property',
    given: { ...closed({ a: str }), required: ['a', 'b'] },
    want: 'the root: `required` does not list each declared property once',
  },
  {
    name: 'a property with a slash in its name',
    given: closed({ 'a/b': { type: 'string', minLength: 2 } }),
    want: '/properties/a~1b: `minLength` is not in the strict subset',
  },
  {
    name: 'a property named __proto__ (an own key, as JSON.parse makes it)',
    given: closed(JSON.parse('{"__proto__": {"type": "string"}}') as JsonObject),
    want: true,
  },
  {
    name: 'deeper than 10 levels',
    given: Array.from({ length: 11 }).reduce<JsonObject>(
      (inner) => closed({ n: inner }),
      closed({}),
    ),
    // The pointer is cut at 120 characters: property names are the server's.
    want: `${'/properties/n'.repeat(10).slice(0, 119)}…: nested deeper than 10 levels`,
  },
  {
    name: 'more than 1,000 enum values',
    given: closed({ e: { type: 'integer', enum: Array.from({ length: 1001 }, (_, i) => i) } }),
    want: '/properties/e: more than 1000 enum values in all',
  },
];

for (const { name, given, want } of CASES)
  test(`strictModeFit: ${name}`, () => {
    const fit = strictModeFit(given);
    assert.deepEqual(fit, want === true ? { strict: true } : { strict: false, reason: want });
  });

test('strictModeFit: what fits, @openai/agents takes as strict and sends as it is', async () => {
  const { tool } = await import('@openai/agents');
  const fitting = CASES.filter((c) => c.want === true);
  assert.ok(fitting.length >= 5);
  for (const { name, given } of fitting) {
    const { $schema: _dialect, ...parameters } = given;
    const made = tool({
      name: 'probe',
      description: name,
      parameters: parameters as never,
      strict: true,
      execute: () => '',
    });
    assert.equal(made.strict, true, name);
    assert.deepEqual(made.parameters, parameters, name);
  }
});

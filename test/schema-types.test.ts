/**
 * The schema stage on its own, one construct per row: a server's JSON Schema in (given), the
 * TypeScript declarations out (want), exactly as `types.ts` receives them before prettier. Each row
 * goes through the real sanitizer and the real json-schema-to-typescript compile, as generation does.
 * Rows whose `given` is a map of names are several definitions compiled together (for `$ref`s).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileDefinitions } from '../src/schema/compile.js';
import { sanitizeSchema } from '../src/schema/sanitize.js';
import type { JsonObject, JsonValue } from '../src/shared/json.js';

interface Case {
  /** One schema, compiled as `Thing`; or several, by name. */
  given: JsonValue | { defs: Record<string, JsonValue> };
  want: string;
}

async function typesOf(given: Case['given']): Promise<string> {
  const defs =
    given !== null && typeof given === 'object' && !Array.isArray(given) && 'defs' in given
      ? (given.defs as Record<string, JsonValue>)
      : { Thing: given };
  const sanitized: JsonObject = Object.fromEntries(
    Object.entries(defs).map(([name, schema]) => [name, sanitizeSchema(schema)]),
  );
  return compileDefinitions(sanitized);
}

const tables: Record<string, Array<[title: string, c: Case]>> = {
  'primitive types': [
    ['string', { given: { type: 'string' }, want: 'export type Thing = string\n' }],
    ['integer is number', { given: { type: 'integer' }, want: 'export type Thing = number\n' }],
    ['boolean', { given: { type: 'boolean' }, want: 'export type Thing = boolean\n' }],
    [
      'nullable (type list)',
      { given: { type: ['string', 'null'] }, want: 'export type Thing = (string | null)\n' },
    ],
    [
      'an unknown type name is dropped, not printed',
      { given: { type: 'strange' }, want: 'export type Thing = unknown\n' },
    ],
  ],
  'enum and const': [
    ['string enum', { given: { enum: ['a', 'b'] }, want: 'export type Thing = ("a" | "b")\n' }],
    [
      'mixed enum with null',
      { given: { enum: ['a', null, 1] }, want: 'export type Thing = ("a" | null | 1)\n' },
    ],
    [
      'an enum with an object member cannot be printed safely: unknown',
      { given: { enum: [{ a: 1 }, 'b'] }, want: 'export type Thing = unknown\n' },
    ],
    ['const', { given: { const: 'x' }, want: 'export type Thing = "x"\n' }],
    [
      'quotes and backslashes in an enum stay string literals',
      {
        given: { enum: ['"', '\\', '`${x}`'] },
        want: 'export type Thing = ("\\"" | "\\\\" | "`${x}`")\n',
      },
    ],
  ],
  objects: [
    [
      'required and optional properties',
      {
        given: {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'number' } },
          required: ['a'],
        },
        want: 'export interface Thing {\na: string\nb?: number\n}\n',
      },
    ],
    [
      'additionalProperties true keeps an index signature',
      {
        given: {
          type: 'object',
          properties: { a: { type: 'string' } },
          additionalProperties: true,
        },
        want: 'export interface Thing {\na?: string\n[k: string]: unknown | undefined\n}\n',
      },
    ],
    [
      'additionalProperties false closes the type',
      {
        given: {
          type: 'object',
          properties: { a: { type: 'string' } },
          additionalProperties: false,
        },
        want: 'export interface Thing {\na?: string\n}\n',
      },
    ],
    [
      'properties that say nothing about others: closed (a typo is a compile error)',
      {
        given: { type: 'object', properties: { a: { type: 'string' } } },
        want: 'export interface Thing {\na?: string\n}\n',
      },
    ],
    [
      'additionalProperties as a schema: a typed map',
      {
        given: { type: 'object', additionalProperties: { type: 'number' } },
        want: 'export interface Thing {\n[k: string]: number | undefined\n}\n',
      },
    ],
    [
      'an object with no properties is an open map, not {}',
      {
        given: { type: 'object' },
        want: 'export interface Thing {\n[k: string]: unknown | undefined\n}\n',
      },
    ],
    [
      'an object closed with no properties holds nothing',
      {
        given: { type: 'object', additionalProperties: false },
        want: 'export type Thing = { [key: string]: never }\n',
      },
    ],
    [
      'boolean subschemas: false is never, true is unknown',
      {
        given: { type: 'object', properties: { gone: false, any: true } },
        want: 'export interface Thing {\ngone?: never\nany?: unknown\n}\n',
      },
    ],
  ],
  'arrays and tuples': [
    [
      'array of strings',
      {
        given: { type: 'array', items: { type: 'string' } },
        want: 'export type Thing = string[]\n',
      },
    ],
    [
      '2020-12 tuple (prefixItems, items false)',
      {
        given: {
          type: 'array',
          prefixItems: [{ type: 'string' }, { type: 'number' }],
          items: false,
        },
        want: 'export type Thing = [string, number]\n',
      },
    ],
    [
      'draft-07 tuple with a rest type',
      {
        given: { type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'boolean' } },
        want: 'export type Thing = [string, ...(boolean)[]]\n',
      },
    ],
    [
      'item counts are tags once, and maxItems does not expand into a union of tuples',
      {
        given: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 50 },
        want: '/**\n * @minItems 1\n * @maxItems 50\n */\nexport type Thing = string[]\n',
      },
    ],
  ],
  combinations: [
    [
      'anyOf',
      {
        given: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        want: 'export type Thing = (string | number)\n',
      },
    ],
    [
      'oneOf',
      {
        given: { oneOf: [{ type: 'string' }, { type: 'boolean' }] },
        want: 'export type Thing = (string | boolean)\n',
      },
    ],
    [
      'allOf is an intersection',
      {
        given: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
            { type: 'object', properties: { b: { type: 'string' } } },
          ],
        },
        want: 'export type Thing = ({\na: string\n} & {\nb?: string\n})\n',
      },
    ],
  ],
  'references and cycles': [
    [
      '$ref to another definition uses its name',
      {
        given: {
          defs: {
            Thing: {
              type: 'object',
              properties: { owner: { $ref: '#/$defs/User' } },
              required: ['owner'],
            },
            User: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
        want: 'export interface Thing {\nowner: User\n}\nexport interface User {\nname?: string\n}\n',
      },
    ],
    [
      'a recursive definition refers to itself',
      {
        given: {
          defs: {
            Node: {
              type: 'object',
              properties: { value: { type: 'number' }, next: { $ref: '#/$defs/Node' } },
              required: ['value'],
            },
          },
        },
        want: 'export interface Node {\nvalue: number\nnext?: Node\n}\n',
      },
    ],
    [
      'a remote $ref is never fetched: unknown, and said so',
      {
        given: { $ref: 'https://evil.example/x.json' },
        want: '/**\n * (external $ref "https://evil.example/x.json" is not followed: typed as unknown)\n */\nexport type Thing = unknown\n',
      },
    ],
  ],
  'descriptions become JSDoc': [
    [
      'description and constraints',
      {
        given: {
          type: 'object',
          description: 'A thing.',
          properties: { a: { type: 'string', description: 'The a.', minLength: 1 } },
        },
        want: '/**\n * A thing.\n */\nexport interface Thing {\n/**\n * The a.\n * \n * @minLength 1\n */\na?: string\n}\n',
      },
    ],
    [
      'default, bounds and examples as tags',
      {
        given: { type: 'integer', minimum: 0, maximum: 10, default: 3, examples: [1, 2] },
        want: '/**\n * @default 3\n * @minimum 0\n * @maximum 10\n * @example 1\n * @example 2\n */\nexport type Thing = number\n',
      },
    ],
    [
      'a title becomes the description, never a type name',
      {
        given: { type: 'string', title: 'Promise' },
        want: '/**\n * Promise\n */\nexport type Thing = string\n',
      },
    ],
  ],
  'hostile input': [
    [
      'a comment terminator in a description is broken up',
      {
        given: { type: 'string', description: '*/ alert(1) /*' },
        want: '/**\n * * / alert(1) /*\n */\nexport type Thing = string\n',
      },
    ],
    [
      'property names are quoted, never code; inherited names keep their inherited type',
      {
        given: {
          type: 'object',
          properties: {
            '*/ evil': { type: 'string' },
            hasOwnProperty: { type: 'number' },
            ['__proto__']: { type: 'string' },
            'a-b': { type: 'string' },
          },
        },
        want: 'export interface Thing {\n"*/ evil"?: string\n"hasOwnProperty"?: (number | Object["hasOwnProperty"])\n"__proto__"?: string\n"a-b"?: string\n}\n',
      },
    ],
    [
      'a tsType directive from the server is dropped',
      { given: { tsType: 'Evil<>', type: 'string' }, want: 'export type Thing = string\n' },
    ],
  ],
};

for (const [construct, rows] of Object.entries(tables)) {
  test(`schema → TypeScript: ${construct}`, async (t) => {
    for (const [title, { given, want }] of rows) {
      await t.test(title, async () => assert.equal(await typesOf(given), want));
    }
  });
}

/**
 * src/emit/client/validators.ts: the emitted standalone validators, imported and run. Each case lists values
 * and the issues wanted; every value is also checked against the run-time ValidatorCache (Ajv compiled
 * at run time, templates/runtime.ts), which the generated code replaces and must agree with.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ValidatorCache } from './helpers/ajv-reference.js';
import type { ValidationIssue } from '../templates/runtime.js';
import { emitValidatorModule } from '../src/emit/client/validators.js';
import type { JsonObject } from '../src/snapshot/types.js';
import { loadValidators } from './helpers/validators-module.js';
import type { Validator } from './helpers/validators-module.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2019 = 'https://json-schema.org/draft/2019-09/schema';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

type Want = Array<[pointer: string, keyword: string, message: string]>;
interface Case {
  name: string;
  schema: JsonObject;
  given: Array<[value: unknown, want: Want]>;
  /** Why Ajv at run time (templates/runtime.ts) gives other issues, when it does. */
  runtimeDiffers?: string;
}

const CASES: Case[] = [
  {
    name: 'draft07Tuple',
    schema: {
      $schema: DRAFT_07,
      type: 'array',
      items: [{ type: 'string' }, { type: 'number' }],
      additionalItems: false,
    },
    given: [
      [['a', 1], []],
      [
        [1, 'a'],
        [
          ['/0', 'type', 'must be string'],
          ['/1', 'type', 'must be number'],
        ],
      ],
      [['a', 1, true], [['/2', 'additionalItems', 'must NOT have more than 2 items']]],
    ],
  },
  {
    name: 'draft07AppliesPrefixItems',
    schema: { $schema: DRAFT_07, type: 'array', prefixItems: [{ type: 'string' }] },
    given: [[[1], [['/0', 'type', 'must be string']]]],
    runtimeDiffers:
      '@cfworker/json-schema applies prefixItems in every draft; Ajv ignores it before 2020-12 (accepted: a server that writes prefixItems means it)',
  },
  {
    name: 'prefixItems2020',
    schema: { $schema: DRAFT_2020, type: 'array', prefixItems: [{ type: 'string' }], items: false },
    given: [
      [['a'], []],
      [[1], [['/0', 'type', 'must be string']]],
      [['a', 'b'], [['/1', 'items', 'must NOT have more than 1 items']]],
    ],
  },
  {
    name: 'prefixItemsByDefault',
    schema: { type: 'array', prefixItems: [{ type: 'string' }] },
    given: [[[1], [['/0', 'type', 'must be string']]]],
  },
  {
    name: 'tuple2019',
    schema: { $schema: DRAFT_2019, type: 'array', items: [{ type: 'string' }] },
    given: [[[1], [['/0', 'type', 'must be string']]]],
  },
  {
    name: 'defsRef',
    schema: {
      type: 'object',
      properties: { n: { $ref: '#/$defs/positive' } },
      $defs: { positive: { type: 'integer', minimum: 1 } },
    },
    given: [
      [{ n: 3 }, []],
      [{ n: 0 }, [['/n', 'minimum', 'must be >= 1']]],
      [{ n: 1.5 }, [['/n', 'type', 'must be integer']]],
    ],
  },
  {
    name: 'definitionsRef',
    schema: {
      $schema: DRAFT_07,
      type: 'object',
      properties: { a: { $ref: '#/definitions/s' } },
      definitions: { s: { type: 'string' } },
    },
    given: [
      [{ a: 'x' }, []],
      [{ a: 1 }, [['/a', 'type', 'must be string']]],
    ],
  },
  {
    name: 'recursiveTree',
    runtimeDiffers:
      'the run-time cache compiles with addUsedSchema: false, under which Ajv cannot resolve $ref "#"',
    schema: {
      type: 'object',
      required: ['v'],
      properties: { v: { type: 'number' }, kids: { type: 'array', items: { $ref: '#' } } },
    },
    given: [
      [{ v: 1, kids: [{ v: 2, kids: [] }] }, []],
      [
        { v: 1, kids: [{ v: 2, kids: [{}] }] },
        [['/kids/0/kids/0/v', 'required', "must have required property 'v'"]],
      ],
    ],
  },
  {
    name: 'formats',
    schema: {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time' },
        mail: { type: 'string', format: 'email' },
        link: { type: 'string', format: 'uri' },
      },
    },
    given: [
      [
        { at: '2025-02-28T23:59:59Z', mail: 'a.b@example.com', link: 'https://example.com/x?y#z' },
        [],
      ],
      [{ at: '2025-02-29T00:00:00Z' }, [['/at', 'format', 'must match format "date-time"']]], // not a leap year
      [{ at: '2025-01-01T00:00:00' }, [['/at', 'format', 'must match format "date-time"']]], // no offset
      [{ mail: 'not an email' }, [['/mail', 'format', 'must match format "email"']]],
      [{ link: 'relative/path' }, [['/link', 'format', 'must match format "uri"']]],
    ],
  },
  {
    name: 'unevaluated2020',
    schema: {
      type: 'object',
      allOf: [{ properties: { a: { type: 'string' } } }],
      unevaluatedProperties: false,
    },
    given: [
      [{ a: 'x' }, []],
      [
        { a: 'x', 'b/c': 1 },
        [['/b~1c', 'unevaluatedProperties', 'must NOT have unevaluated properties']],
      ],
    ],
  },
  {
    name: 'unevaluated2019',
    schema: {
      $schema: DRAFT_2019,
      type: 'object',
      properties: { a: {} },
      unevaluatedProperties: false,
    },
    given: [
      [{ a: 1, b: 2 }, [['/b', 'unevaluatedProperties', 'must NOT have unevaluated properties']]],
    ],
  },
  {
    name: 'constAndEnum',
    schema: {
      type: 'object',
      properties: { k: { const: { deep: [1, 'x'] } }, e: { enum: ['a', 1, null, { o: 1 }] } },
    },
    given: [
      [{ k: { deep: [1, 'x'] }, e: { o: 1 } }, []],
      [{ k: { deep: [1, 'y'] } }, [['/k', 'const', 'must be equal to constant']]],
      [{ e: 'b' }, [['/e', 'enum', 'must be equal to one of the allowed values']]],
    ],
  },
  {
    name: 'largeEnum', // past Ajv's inline limit the enum is read from the embedded schema object
    schema: { enum: 'abcdefghijklmnopqrstuvwxyz'.split('') },
    given: [
      ['q', []],
      ['Q', [['', 'enum', 'must be equal to one of the allowed values']]],
    ],
  },
  {
    name: 'pointerEscapes',
    schema: {
      type: 'object',
      required: ['a/b'],
      properties: { 'a/b': {}, 'c~d': { type: 'number' } },
      additionalProperties: false,
    },
    given: [
      [{ 'a/b': 1 }, []],
      [
        { 'c~d': 'x', 'e/f': 1 },
        [
          ['/a~1b', 'required', "must have required property 'a/b'"],
          ['/e~1f', 'additionalProperties', 'must NOT have additional properties'],
          ['/c~0d', 'type', 'must be number'],
        ],
      ],
    ],
  },
  {
    name: 'arrayOfObjects',
    schema: { type: 'array', items: { type: 'object', required: ['id'] }, uniqueItems: true },
    given: [
      [[{ id: 1 }, { id: 2 }], []],
      [
        [{}, { id: 1 }, { id: 1 }],
        [
          ['/0/id', 'required', "must have required property 'id'"],
          ['', 'uniqueItems', 'must NOT have duplicate items (items ## 1 and 2 are identical)'],
        ],
      ],
    ],
  },
  {
    name: 'codePointLength', // an emoji is one character to JSON Schema, two UTF-16 units to JS
    schema: { type: 'string', minLength: 2, maxLength: 2 },
    given: [
      ['😀x', []],
      ['😀', [['', 'minLength', 'must NOT have fewer than 2 characters']]],
    ],
  },
  {
    name: 'annotationNamedProperties', // annotations are dropped before compiling, properties named like them are not
    schema: {
      type: 'object',
      description: 'd',
      properties: {
        description: { type: 'string', description: 'x' },
        default: { type: 'number', default: 1 },
        title: { const: 't', title: 'T' },
      },
      required: ['description', 'default'],
    },
    given: [
      [{ description: 'x', default: 1, title: 't' }, []],
      [
        { title: 'u' },
        [
          ['/description', 'required', "must have required property 'description'"],
          ['/default', 'required', "must have required property 'default'"],
          ['/title', 'const', 'must be equal to constant'],
        ],
      ],
    ],
  },
  {
    name: 'refIntoAnnotation', // absurd, but valid: compiled from the schema as sent when stripping breaks the $ref
    schema: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/x/default' } },
      $defs: { x: { default: { type: 'string' } } },
    },
    // @cfworker/json-schema resolves a $ref only to a schema, so this one fails closed.
    given: [
      [{ a: 'ok' }, [['', '$compile', '']]],
      [{ a: 1 }, [['', '$compile', '']]],
    ],
    runtimeDiffers: 'a $ref into an annotation is refused (fails closed); Ajv follows it',
  },
  {
    // JSON.parse, because "__proto__" in a JS object literal sets the prototype: the emitted code must
    // keep such keys as keys when it embeds enum and const values.
    name: 'protoKeysInValues',
    schema: JSON.parse(
      '{"type":"object","properties":{"e":{"enum":[{"__proto__":1},"b","c","d","e","f","g","h","i","j","k","l","m","n"]},"k":{"const":{"__proto__":{"x":1}}},"schema0":{"type":"number"}}}',
    ) as JsonObject,
    given: [
      [JSON.parse('{"e":{"__proto__":1},"k":{"__proto__":{"x":1}},"schema0":1}'), []],
      [
        JSON.parse('{"e":{},"k":{},"schema0":"x"}'),
        [
          ['/e', 'enum', 'must be equal to one of the allowed values'],
          ['/k', 'const', 'must be equal to constant'],
          ['/schema0', 'type', 'must be number'],
        ],
      ],
    ],
  },
  {
    // A run of required checks is one loop over the names (fold-runs.ts): the same issues, in order.
    name: 'requiredRun',
    schema: {
      type: 'object',
      required: ['id', 'a-b', "it's", '"q"', '__proto__', 'constructor'],
      properties: {
        inner: { type: 'object', required: ['x', 'y/z', 'x~'] },
      },
    },
    given: [
      [
        { inner: { x: 1 }, it: 1, id: 2 },
        [
          ['/a-b', 'required', "must have required property 'a-b'"],
          ["/it's", 'required', "must have required property 'it's'"],
          ['/"q"', 'required', `must have required property '"q"'`],
          ['/__proto__', 'required', "must have required property '__proto__'"],
          ['/constructor', 'required', "must have required property 'constructor'"],
          ['/inner/y~1z', 'required', "must have required property 'y/z'"],
          ['/inner/x~0', 'required', "must have required property 'x~'"],
        ],
      ],
      [{ id: 1, 'a-b': 1, "it's": 1, '"q"': 1, ['__proto__']: 1, constructor: 1 }, []],
    ],
  },
  {
    // A run of string and boolean type checks is one loop over a table (fold-runs.ts).
    name: 'typeRun',
    schema: {
      type: 'object',
      properties: {
        a: { type: 'string' },
        'b/c': { type: 'boolean' },
        "d'~": { type: 'string' },
        n: { type: 'number' },
        inner: { type: 'object', properties: { x: { type: 'string' }, y: { type: 'boolean' } } },
      },
    },
    given: [
      [
        { a: 1, 'b/c': 'no', "d'~": true, n: 1, inner: { x: false, y: 'yes' } },
        [
          ['/a', 'type', 'must be string'],
          ['/b~1c', 'type', 'must be boolean'],
          ["/d'~0", 'type', 'must be string'],
          ['/inner/x', 'type', 'must be string'],
          ['/inner/y', 'type', 'must be boolean'],
        ],
      ],
      [{ a: 'x', 'b/c': true, "d'~": '', inner: { x: '', y: false } }, []],
    ],
  },
  {
    name: 'draft04',
    schema: {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: { x: { type: 'number' } },
    },
    given: [[{ x: 's' }, [['/x', 'type', 'must be number']]]],
  },
];

describe('emitted validators agree with the wanted issues and with Ajv at run time', () => {
  let validators: Record<string, Validator>;
  before(async () => {
    validators = (
      await loadValidators(
        CASES.map(({ name, schema }) => ({ name, schema })),
        'cases',
      )
    ).validators;
  });
  for (const { name, schema, given, runtimeDiffers } of CASES) {
    test(name, () => {
      const validate = validators[name];
      assert.equal(typeof validate, 'function', `export ${name}`);
      const cache = new ValidatorCache();
      for (const [value, want] of given) {
        const issues = validate!(value);
        // Where and which keyword; the messages are the validator's own (@cfworker/json-schema's).
        // In any order: the validator reports them in its own.
        const pairs = (list: Array<[string, string | undefined]>) =>
          list.map((p) => p.join(' ')).sort();
        assert.deepEqual(
          pairs(issues.map((i) => [i.pointer, i.keyword])),
          pairs(want.map(([pointer, keyword]) => [pointer, keyword])),
          `${name}(${JSON.stringify(value)})`,
        );
        if (runtimeDiffers === undefined)
          assert.equal(
            issues.length === 0,
            cache.validate(schema, value).length === 0,
            `${name}(${JSON.stringify(value)}): the same verdict as Ajv`,
          );
      }
    });
  }
});

describe('schemas that cannot be validated fail closed', () => {
  const compileIssue = (reason: RegExp) => (issues: readonly ValidationIssue[]) => {
    assert.equal(issues.length, 1);
    assert.equal(issues[0]!.pointer, '');
    assert.equal(issues[0]!.keyword, '$compile');
    assert.match(issues[0]!.message, /^the schema could not be compiled: /);
    assert.match(issues[0]!.message, reason);
  };
  const FAILING: Array<[name: string, schema: JsonObject, reason: RegExp]> = [
    ['badPattern', { type: 'string', pattern: '(' }, /Invalid regular expression/],
    [
      'badPatternProperty',
      { type: 'object', patternProperties: { '[': { type: 'string' } } },
      /Invalid regular expression/,
    ],
    [
      'remoteRef',
      { type: 'object', properties: { x: { $ref: 'https://evil.example/schema.json' } } },
      /does not resolve inside the schema/,
    ],
    ['fileRef', { $ref: 'file:///etc/passwd' }, /does not resolve inside the schema/],
    [
      'missingLocalRef',
      { properties: { x: { $ref: '#/$defs/nope' } } },
      /does not resolve inside the schema/,
    ],
  ];

  test('one $compile issue for every value, a warning naming the entry, nothing fetched', async () => {
    const realFetch = globalThis.fetch;
    const fetched: unknown[] = [];
    globalThis.fetch = ((...args: unknown[]) => {
      fetched.push(args[0]);
      return Promise.reject(new Error('no network in tests'));
    }) as typeof fetch;
    let loaded: Awaited<ReturnType<typeof loadValidators>>;
    try {
      loaded = await loadValidators(
        FAILING.map(([name, schema]) => ({ name, schema })),
        'failing',
      );
    } finally {
      globalThis.fetch = realFetch;
    }
    assert.deepEqual(fetched, []);
    for (const [name, , reason] of FAILING) {
      for (const value of [undefined, null, 'x', { x: 'y' }])
        compileIssue(reason)(loaded.validators[name]!(value));
      const warning = loaded.module.warnings.find((w) => w.startsWith(`validator ${name}: `));
      assert.ok(warning, `a warning for ${name} in ${JSON.stringify(loaded.module.warnings)}`);
      assert.match(warning, /could not be compiled/);
    }
    assert.equal(loaded.module.warnings.length, FAILING.length);
  });

  test('entries sharing a schema that does not compile share its validator, and each gets a warning', () => {
    const { warnings } = emitValidatorModule([
      { name: 'one', schema: { pattern: '(' } },
      { name: 'two', schema: { pattern: '(' } },
    ]);
    assert.deepEqual(
      warnings.map((w) => w.split(':')[0]),
      ['validator one', 'validator two'],
    );
  });

  test('root $async is ignored: the validator stays synchronous and still checks', async () => {
    const { validators } = await loadValidators(
      [{ name: 'asyncRoot', schema: { $async: true, type: 'string' } }],
      'async',
    );
    assert.deepEqual(validators['asyncRoot']!('ok'), []);
    assert.deepEqual(
      validators['asyncRoot']!(1).map((i) => [i.pointer, i.keyword]),
      [['', 'type']],
    );
  });

  test('unknown formats are tolerated, as at run time, and named in a warning', async () => {
    const { validators, module } = await loadValidators(
      [{ name: 'vendor', schema: { type: 'string', format: 'vendor-thing' } }],
      'formats',
    );
    assert.deepEqual(validators['vendor']!('anything'), []);
    assert.deepEqual(module.warnings, [
      'validator vendor: format "vendor-thing" is unknown and not checked',
    ]);
  });
});

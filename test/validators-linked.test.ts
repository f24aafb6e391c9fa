/**
 * Shared definitions compiled once per module (src/emit/validators/link.ts): which schemas are linked
 * and how (given/want), and, on the GitHub REST corpus, that linked validators judge values exactly as
 * Ajv compiling each schema whole at run time does: the same issues, in the same order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openapiCatalog } from '../bench/corpus/openapi-catalog.js';
import { LINK, linkDefinitions, UnitNames } from '../src/emit/validators/link.js';
import { reuse } from '../src/emit/validators/ajv-instance.js';
import { emitValidatorModule } from '../src/emit/validators.js';
import { prepareValidationSchema } from '../src/model/validation-schema.js';
import type { JsonObject, JsonValue } from '../src/snapshot/types.js';
import { ValidatorCache } from './helpers/ajv-reference.js';
import { loadValidators } from './helpers/validators-module.js';

const user = { type: 'object', properties: { login: { type: 'string' } }, required: ['login'] };

test('linkDefinitions: the refs of a plain schema become links to one unit per definition reached', () => {
  const linked = linkDefinitions({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { owner: { $ref: '#/$defs/user', description: 'who' } },
    $defs: { user, unused: { type: 'string' } },
  });
  assert.ok(linked);
  assert.equal(linked.units.length, 1, 'only the definitions the root reaches');
  const [unit] = linked.units;
  assert.equal(unit!.name, '$d_user');
  assert.deepEqual(linked.root, {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { owner: { [LINK]: unit!.name, description: 'who' } },
  });
  assert.deepEqual(unit!.schema(), {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...user,
  });
});

test('linkDefinitions: a unit is what it reaches, so equal definitions share it and others do not', () => {
  const digest = (schema: JsonObject) => linkDefinitions(schema)!.units[0]!.digest;
  const a = digest({ $ref: '#/$defs/user', $defs: { user } });
  assert.equal(a, digest({ items: { $ref: '#/$defs/user' }, $defs: { user, other: {} } }));
  assert.notEqual(
    a,
    digest({ $ref: '#/definitions/user', definitions: { user } }),
    'another container',
  );
  assert.notEqual(
    a,
    digest({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $ref: '#/$defs/user',
      $defs: { user },
    }),
    'the dialect is part of it',
  );
  const viaList = (leaf: JsonValue) =>
    digest({
      $ref: '#/$defs/list',
      $defs: { list: { type: 'array', items: { $ref: '#/$defs/leaf' } }, leaf },
    });
  assert.notEqual(
    viaList({ type: 'string' }),
    viaList({ type: 'number' }),
    'what it reaches counts',
  );
  // A cycle: both reach both, and still are two units.
  const cycle = linkDefinitions({
    $ref: '#/$defs/a',
    $defs: { a: { properties: { b: { $ref: '#/$defs/b' } } }, b: { items: { $ref: '#/$defs/a' } } },
  });
  assert.equal(new Set(cycle!.units.map((u) => u.digest)).size, 2);
});

test('UnitNames: one name per unit, after the definition, made an identifier', () => {
  const names = new UnitNames();
  assert.equal(names.nameOf('simple-user', 'd1'), '$d_simple_user');
  assert.equal(names.nameOf('simple-user', 'd1'), '$d_simple_user', 'the same unit, the same name');
  assert.equal(names.nameOf('simple-user', 'd2'), '$d_simple_user_2', 'another unit of that name');
  assert.equal(
    names.nameOf('simple_user', 'd3'),
    '$d_simple_user_3',
    'a name made equal by the cut',
  );
  assert.equal(names.nameOf('"); process.exit(1); ("', 'd4'), '$d_____process_exit_1_____');
  assert.equal(names.nameOf('', 'd5'), '$d_definition');
  assert.equal(names.nameOf('Ünïcode', 'd6'), '$d__n_code');
  assert.match(names.nameOf('x'.repeat(500), 'd7'), /^\$d_x{48}$/);
  // Shared across schemas of one module: the second schema's `user` is the first one's unit.
  const first = linkDefinitions({ $ref: '#/$defs/user', $defs: { user } }, names)!;
  const second = linkDefinitions({ items: { $ref: '#/$defs/user' }, $defs: { user } }, names)!;
  assert.equal(first.units[0]!.name, '$d_user');
  assert.equal(second.units[0]!.name, '$d_user');
});

test('linkDefinitions: schemas that are not the plain case are compiled whole', () => {
  const rows: Array<[string, JsonObject]> = [
    ['no definitions', { type: 'object' }],
    ['a ref to the root', { properties: { x: { $ref: '#' } }, $defs: { user } }],
    ['a ref into a property', { $ref: '#/properties/x', properties: { x: {} }, $defs: { user } }],
    ['a percent-escaped name', { $ref: '#/$defs/a%20b', $defs: { 'a b': user } }],
    ['a missing definition', { $ref: '#/$defs/nobody', $defs: { user } }],
    ['a boolean definition', { $ref: '#/$defs/any', $defs: { any: true } }],
    ['an $id', { $ref: '#/$defs/user', $defs: { user: { ...user, $id: 'urn:x' } } }],
    [
      'unevaluatedProperties',
      { $ref: '#/$defs/user', unevaluatedProperties: false, $defs: { user } },
    ],
    ['a dynamic ref', { $dynamicRef: '#meta', $defs: { user } }],
    [
      'a $ref in data',
      { $ref: '#/$defs/user', default: { $ref: '#/$defs/user' }, $defs: { user } },
    ],
    [
      'a $schema in a definition',
      { $ref: '#/$defs/user', $defs: { user: { ...user, $schema: 'x' } } },
    ],
    // Refs applied to the same value, round in a circle: linked, validating would never end.
    ['a ref cycle in place', { $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/a' } } }],
    [
      'a cycle through combinators',
      {
        $ref: '#/$defs/a',
        $defs: {
          a: { anyOf: [{ $ref: '#/$defs/b' }] },
          b: { allOf: [{ not: { $ref: '#/$defs/a' } }] },
        },
      },
    ],
    // A server cannot write the link keyword itself and have it become a call.
    ['the link keyword', { properties: { x: { [LINK]: '$d_user' } }, $defs: { user } }],
  ];
  for (const [label, schema] of rows)
    assert.equal(linkDefinitions(schema), undefined, `${label}: not linked`);
});

test('a recursive definition that descends into the value is linked and validates to the bottom', async () => {
  const schema = {
    $ref: '#/$defs/node',
    $defs: {
      node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/$defs/node' } },
        },
        required: ['name'],
      },
    },
  };
  assert.ok(linkDefinitions(schema));
  const { validators } = await loadValidators([{ name: 'tree', schema }], 'linked-tree');
  const value = { name: 'a', children: [{ name: 'b', children: [{ children: [] }, { name: 1 }] }] };
  assert.deepEqual(validators['tree']!(value), new ValidatorCache().validate(schema, value));
  assert.deepEqual(
    validators['tree']!(value).map((issue) => issue.pointer),
    ['/children/0/children/0/name', '/children/0/children/1/name'],
  );
});

test('linkDefinitions: inherited names stay own keys of the copies', () => {
  const linked = linkDefinitions(
    JSON.parse(
      '{"properties":{"__proto__":{"$ref":"#/$defs/__proto__"}},"$defs":{"__proto__":{"type":"string"}}}',
    ) as JsonObject,
  );
  const properties = linked!.root['properties'] as JsonObject;
  assert.ok(Object.hasOwn(properties, '__proto__'));
  assert.equal(Object.getPrototypeOf(properties), Object.prototype);
});

test('a link keyword sent by a server is an unknown keyword, never a call', async () => {
  const schema = { properties: { x: { [LINK]: '$d_user', type: 'string' } } };
  const { validators } = await loadValidators([{ name: 'hostile', schema }], 'linked-hostile');
  assert.deepEqual(validators['hostile']!({ x: 1 }), [
    { pointer: '/x', message: 'must be string', keyword: 'type' },
  ]);
  assert.deepEqual(validators['hostile']!({ x: 'a' }), []);
});

// Values that reach through refs: every property of the root, and of what it points at, set to each
// kind of value in turn, two levels down, as objects and as one-element arrays.
function probes(schema: JsonObject): unknown[] {
  const defs = (schema['$defs'] ?? {}) as Record<string, JsonObject>;
  const deref = (node: JsonValue | undefined): JsonObject | undefined => {
    for (let i = 0; i < 8 && node && typeof node === 'object' && !Array.isArray(node); i++) {
      const ref = node['$ref'];
      if (typeof ref !== 'string') return node;
      node = defs[ref.replace('#/$defs/', '')];
    }
    return undefined;
  };
  const kinds: JsonValue[] = [1, 'x', '2025-01-01T00:00:00Z', true, null, {}, [{}]];
  const fill = (node: JsonValue | undefined, kind: number, depth: number): JsonValue => {
    const target = deref(node);
    const items = target?.['items'];
    if (target?.['type'] === 'array' && items !== undefined && depth > 0)
      return [fill(items, kind, depth - 1)];
    const properties = target?.['properties'];
    if (depth === 0 || !properties || typeof properties !== 'object' || Array.isArray(properties))
      return kinds[kind % kinds.length]!;
    return Object.fromEntries(
      Object.entries(properties).map(([name, sub], i) => [name, fill(sub, kind + i, depth - 1)]),
    );
  };
  return [{}, null, [], ...kinds.map((_, kind) => fill(schema, kind, 3))];
}

test('GitHub REST corpus: linked validators agree with Ajv compiling each schema whole', async () => {
  const catalog = openapiCatalog();
  // Every sixth tool keeps the test quick; the schemas still share and chain hundreds of definitions.
  const entries = catalog.tools
    .filter((_, i) => i % 6 === 0)
    .flatMap((tool, i) =>
      (['inputSchema', 'outputSchema'] as const).flatMap((which) => {
        const schema = tool[which] as JsonObject | undefined;
        return schema === undefined
          ? []
          : [
              {
                name: `${which === 'inputSchema' ? 'input' : 'output'}${i}`,
                schema: prepareValidationSchema(schema),
              },
            ];
      }),
    );
  const linkedCount = entries.filter((e) => linkDefinitions(e.schema) !== undefined).length;
  assert.ok(
    linkedCount > entries.length / 4,
    `most schemas with definitions are linked (${linkedCount})`,
  );
  const { validators, module } = await loadValidators(entries, 'linked-github');
  assert.match(module.source, /const \$d_simple_user = /, 'the module has shared units');
  const cache = new ValidatorCache();
  let compared = 0;
  let deep = 0;
  for (const { name, schema } of entries) {
    for (const value of probes(schema)) {
      const runtime = cache.validate(schema, value);
      assert.deepEqual(validators[name]!(value), runtime, `${name}(${JSON.stringify(value)})`);
      compared++;
      // An issue two or more levels down was found inside a definition the root refers to.
      deep += runtime.filter((issue) => issue.pointer.split('/').length > 3).length;
    }
  }
  // The probes are worth something only if many of them fail deep inside definitions.
  assert.ok(deep > compared, `${deep} issues three levels down in ${compared} probes`);
});

// Fresh Ajv instances skip the meta-schemas (a third of a small compile); one that needs them gets them.
test('a schema that refers to a meta-schema still validates against it', async () => {
  const schema = {
    type: 'object',
    properties: { schema: { $ref: 'https://json-schema.org/draft/2020-12/schema' } },
  };
  const { validators, module } = await loadValidators([{ name: 'meta', schema }], 'meta-ref');
  assert.deepEqual(module.warnings, []);
  assert.deepEqual(validators['meta']!({ schema: { type: 'string' } }), []);
  const issues = validators['meta']!({ schema: { type: 12 } });
  assert.ok(issues.length > 0 && issues.every((issue) => issue.keyword !== '$compile'));
  assert.deepEqual(issues, new ValidatorCache().validate(schema, { schema: { type: 12 } }));
});

// ajv-instance.ts resets reused Ajv instances through ajv's internals: the code must be what fresh
// instances write, names and counters included.
test('reused Ajv instances write the same module as fresh ones', () => {
  const entries = openapiCatalog()
    .tools.filter((_, i) => i % 20 === 0)
    .flatMap((tool, i) =>
      (['inputSchema', 'outputSchema'] as const).flatMap((which) => {
        const schema = tool[which] as JsonObject | undefined;
        return schema === undefined
          ? []
          : [{ name: `${which[0]}${i}`, schema: prepareValidationSchema(schema) }];
      }),
    );
  const reused = emitValidatorModule(entries);
  reuse.enabled = false;
  try {
    const fresh = emitValidatorModule(entries);
    assert.equal(reused.source, fresh.source);
    assert.deepEqual(reused.warnings, fresh.warnings);
  } finally {
    reuse.enabled = true;
  }
  assert.ok(reused.source.length > 100_000, 'a module of some size');
});

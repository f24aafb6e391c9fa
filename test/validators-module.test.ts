/**
 * src/emit/client/validators.ts as a module: deterministic bytes, one validator per distinct schema, each
 * compiled independently of the others, compacted, and export names checked.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { emitValidatorModule } from '../src/emit/client/validators.js';
import type { JsonObject } from '../src/snapshot/types.js';
import { repoRoot } from './helpers/paths.js';
import { loadValidators } from './helpers/validators-module.js';

describe('the module', () => {
  const schemaA: JsonObject = {
    type: 'object',
    properties: { at: { type: 'string', format: 'date-time' } },
    required: ['at'],
  };
  const schemaB: JsonObject = {
    type: 'array',
    items: { $ref: '#/$defs/n' },
    $defs: { n: { type: 'number' } },
  };

  test('is deterministic: the same entries give the same bytes, with nothing from the machine in them', () => {
    const entries = [
      { name: 'a', schema: schemaA },
      { name: 'b', schema: schemaB },
    ];
    const first = emitValidatorModule(entries).source;
    assert.equal(emitValidatorModule(structuredClone(entries)).source, first);
    assert.ok(!first.includes(repoRoot), 'no absolute path');
    assert.ok(!first.includes(new Date().toISOString().slice(0, 10)), 'no date of today');
  });

  test('a schema is written the same whatever else is in the module', () => {
    const alone = emitValidatorModule([{ name: 'b', schema: schemaB }]).source;
    const withOthers = emitValidatorModule([
      { name: 'a', schema: schemaA },
      { name: 'b', schema: schemaB },
    ]).source;
    const dataOf = (source: string) => source.slice(source.indexOf('export const b:'));
    assert.equal(dataOf(withOthers), dataOf(alone));
  });

  test('byte-identical schemas share one validator, and the schema is written once', async () => {
    const { validators, module } = await loadValidators(
      [
        { name: 'first', schema: schemaA },
        { name: 'other', schema: schemaB },
        { name: 'again', schema: structuredClone(schemaA) },
      ],
      'shared',
    );
    assert.equal(validators['first'], validators['again']);
    assert.notEqual(validators['first'], validators['other']);
    assert.equal(module.source.split('jsonSchemaValidator(() => String.raw`{').length - 1, 2);
    assert.match(module.source, /^export const again: Validator = first;$/m);
    assert.deepEqual(
      validators['again']!({}).map((i) => [i.pointer, i.keyword]),
      [['/at', 'required']],
    );
  });

  test('a definition shared by several schemas is written once, as a const each schema names', async () => {
    const user = { type: 'object', properties: { login: { type: 'string' } }, required: ['login'] };
    const otherUser = { type: 'object', required: ['id'] };
    const { validators, module } = await loadValidators(
      [
        { name: 'one', schema: { $ref: '#/$defs/user', $defs: { user } } },
        { name: 'two', schema: { items: { $ref: '#/$defs/user' }, $defs: { user: { ...user } } } },
        // The same key with other content, and a key that is no identifier, get names of their own.
        { name: 'three', schema: { $ref: '#/$defs/user', $defs: { user: otherUser } } },
        { name: 'four', schema: { $ref: '#/$defs/__proto__', $defs: { ['__proto__']: user } } },
      ],
      'definitions',
    );
    const consts = [...module.source.matchAll(/^const (\$\w+) = \(\) => String\.raw`/gm)].map(
      (m) => m[1],
    );
    assert.deepEqual(consts, ['$user', '$user2']);
    assert.match(module.source, /"\$defs":\{"user":\$user\}/);
    assert.match(module.source, /"\$defs":\{\["__proto__"\]:\$user\}/);
    assert.deepEqual(
      validators['one']!({}).map((i) => [i.pointer, i.keyword]),
      [['/login', 'required']],
    );
    assert.deepEqual(
      validators['two']!([{ login: 'a' }, {}]).map((i) => i.pointer),
      ['/1/login'],
    );
    assert.deepEqual(
      validators['three']!({ login: 'a' }).map((i) => i.pointer),
      ['/id'],
    );
    assert.deepEqual(
      validators['four']!({}).map((i) => i.pointer),
      ['/login'],
    );
    assert.deepEqual((validators['two'] as unknown as { schema: unknown }).schema, {
      items: { $ref: '#/$defs/user' },
      $defs: { user },
    });
  });

  test('a schema too deep to write declares none of its definitions (no unused const)', () => {
    // The first depth the module cannot write as data: where the literal writer runs out of stack
    // (past the sharing step, which lifted the definition), or JSON.stringify does before it; which
    // one comes first depends on the stack left at the call, so the test looks for it.
    let rejected: string | undefined;
    for (let depth = 2_000; depth <= 20_000 && rejected === undefined; depth += 500) {
      let deep: JsonObject = { type: 'string' };
      for (let i = 0; i < depth; i++) deep = { items: deep };
      const { source } = emitValidatorModule([
        { name: 'deep', schema: { ...deep, $defs: { leaf: { type: 'number' } } } },
      ]);
      if (/rejectingValidator\(/.test(source)) rejected = source;
    }
    assert.ok(rejected !== undefined, 'a schema 20,000 levels deep is written');
    assert.doesNotMatch(rejected, /^const /m);
    assert.doesNotMatch(rejected, /JsonSchema/);
  });

  test('is data, not code: no compiled validator, and one keyword changed is one line changed', () => {
    const { source } = emitValidatorModule([{ name: 'a', schema: schemaA }]);
    for (const code of ['function', 'vErrors', '@ts-nocheck', 'eval', 'new Function'])
      assert.ok(!source.includes(code), code);
    const wide = (maxLength: number): JsonObject => ({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'A long enough description to lay the object out.' },
        code: { type: 'string', maxLength },
      },
      required: ['name', 'code'],
    });
    const before = emitValidatorModule([{ name: 'a', schema: wide(7) }]).source.split('\n');
    const after = emitValidatorModule([{ name: 'a', schema: wide(8) }]).source.split('\n');
    assert.equal(before.length, after.length);
    const changed = before.filter((line, i) => line !== after[i]);
    assert.deepEqual(changed, ['    "code": {"type":"string","maxLength":7}']);
  });

  test('export names must be identifiers the module can use, each once', () => {
    for (const name of ['', 'a-b', '1a', 'delete', '$check0', 'a b', 'x;y']) {
      assert.throws(
        () => emitValidatorModule([{ name, schema: {} }]),
        /is not a usable export name/,
        JSON.stringify(name),
      );
    }
    assert.throws(
      () =>
        emitValidatorModule([
          { name: 'twice', schema: {} },
          { name: 'twice', schema: {} },
        ]),
      /used twice/,
    );
    assert.match(emitValidatorModule([]).source, /^export \{\};$/m);
  });
});

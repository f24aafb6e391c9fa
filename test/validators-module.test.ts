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
    assert.equal(module.source.split('jsonSchemaValidator({').length - 1, 2);
    assert.match(module.source, /^export const again: Validator = first;$/m);
    assert.deepEqual(
      validators['again']!({}).map((i) => [i.pointer, i.keyword]),
      [['/at', 'required']],
    );
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

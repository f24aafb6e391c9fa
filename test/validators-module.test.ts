/**
 * src/emit/validators.ts as a module: deterministic bytes, one validator per distinct schema, each
 * compiled independently of the others, compacted, and export names checked.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { emitValidatorModule } from '../src/emit/validators.js';
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

  test('a schema compiles to the same code whatever else is in the module', () => {
    const alone = emitValidatorModule([{ name: 'b', schema: schemaB }]).source;
    const withOthers = emitValidatorModule([
      { name: 'a', schema: schemaA },
      { name: 'b', schema: schemaB },
    ]).source;
    const bodyOf = (source: string, check: string) =>
      source.slice(source.indexOf(`const ${check} =`)).split('\n})();')[0];
    assert.equal(
      bodyOf(withOthers, '$check1'),
      bodyOf(alone, '$check0')!.replace('$check0', '$check1'),
    );
  });

  test('byte-identical schemas share one validator', async () => {
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
    assert.equal(module.source.split('\nconst $check').length - 1, 2);
    assert.deepEqual(validators['again']!({}), [
      { pointer: '/at', message: "must have required property 'at'", keyword: 'required' },
    ]);
  });

  test('is compacted: the error blocks are folded into $addError calls and schemaPath is gone', () => {
    const { source } = emitValidatorModule([
      { name: 'a', schema: schemaA },
      { name: 'b', schema: schemaB },
    ]);
    assert.match(
      source,
      /vErrors = \$addError\(vErrors, instancePath, "required", \{missingProperty: "at"\}, /,
    );
    assert.ok(!source.includes('$addErrorObject'), 'every error literal had the usual shape');
    assert.equal(source.split('function $addError(').length - 1, 1);
    assert.ok(!source.includes('schemaPath'));
    assert.ok(!source.includes('vErrors.push('));
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
    assert.match(emitValidatorModule([]).source, /^\/\/ @ts-nocheck/);
  });
});

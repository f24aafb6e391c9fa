/**
 * compile.ts retries a failed compilation only when a retry can fix it: a `$ref` that did not
 * resolve, into an annotation the first attempt stripped or to a meta-schema it did not load. Every
 * other failure is final at once (GitHub's catalog has 47 `nullable` schemas without `type`, and
 * compiling each four times was a third of the validators' time).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileStandalone } from '../src/emit/validators/compile.js';
import { loadValidators } from './helpers/validators-module.js';

test('a $ref into a stripped annotation compiles from the schema as sent', async () => {
  const schema = {
    type: 'object',
    examples: [{ type: 'string', minLength: 2 }],
    properties: { name: { $ref: '#/examples/0' } },
  };
  const { validators, module } = await loadValidators([{ name: 'ann', schema }], 'annotation-ref');
  assert.deepEqual(module.warnings, []);
  assert.deepEqual(validators['ann']!({ name: 'ok' }), []);
  const issues = validators['ann']!({ name: 'x' });
  assert.deepEqual(
    issues.map((i) => i.keyword),
    ['minLength'],
  );
});

test('a failure no retry can fix is reported as Ajv words it', () => {
  const compiled = compileStandalone({
    type: 'object',
    properties: { a: { nullable: true, description: 'no type' } },
  });
  assert.deepEqual(compiled, { ok: false, reason: '"nullable" cannot be used without "type"' });
});

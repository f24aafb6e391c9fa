/**
 * RUNTIME_EXPORTS (src/model/build.ts) reserves the runtime's names for the naming pass, so a
 * generated declaration can never shadow one. It must list exactly what runtime.ts exports: its own
 * declarations and what it re-exports from the other runtime templates.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RUNTIME_ERROR_CODES, RUNTIME_EXPORTS } from '../src/model/build.js';
import { RuntimeErrorCode } from '../templates/runtime.js';
import { runtimeExports } from './helpers/runtime-exports.js';

test('RUNTIME_EXPORTS lists every name runtime.ts exports, and nothing else but the validators namespace', async () => {
  const exported = await runtimeExports();
  assert.ok(exported.length > 30, `found ${exported.length} exports`);
  assert.deepEqual([...RUNTIME_EXPORTS].filter((n) => n !== 'validators').sort(), exported);
  // The values, as a module: every one of them is in the list too.
  const module = (await import('../templates/runtime.js')) as Record<string, unknown>;
  for (const name of Object.keys(module))
    assert.ok(RUNTIME_EXPORTS.includes(name), `RUNTIME_EXPORTS lacks ${name}`);
});

test("the generator's copy of the runtime error codes equals the runtime's RuntimeErrorCode", () => {
  assert.deepEqual({ ...RUNTIME_ERROR_CODES }, { ...RuntimeErrorCode });
});

/**
 * RUNTIME_EXPORTS (src/model/build.ts) reserves the runtime's names for the naming pass, so a
 * generated declaration can never shadow one. It must list exactly what runtime.ts exports: its own
 * declarations and what it re-exports from the other runtime templates.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { RUNTIME_ERROR_CODES, RUNTIME_EXPORTS } from '../src/model/build.js';
import { RuntimeErrorCode } from '../templates/runtime.js';
import { repoRoot } from './helpers/paths.js';

async function source(name: string): Promise<string> {
  return readFile(join(repoRoot, 'templates', name), 'utf8');
}

function declared(text: string): string[] {
  return [
    ...text.matchAll(/^export (?:async )?(?:const|type|interface|class|function) (\w+)/gm),
  ].map((m) => m[1]!);
}

/** Names runtime.ts exports: declarations, `export { a, type B } from`, `export type { C }`, and `export type * from`. */
async function runtimeExports(): Promise<string[]> {
  const runtime = await source('runtime.ts');
  const names = declared(runtime);
  for (const m of runtime.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    names.push(
      ...m[1]!
        .split(',')
        .map((n) => n.trim().replace(/^type /, ''))
        .filter(Boolean),
    );
  }
  for (const m of runtime.matchAll(/^export type \* from '\.\/([\w-]+)\.js';/gm))
    names.push(...declared(await source(`${m[1]}.ts`)));
  return [...new Set(names)].sort();
}

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

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../src/config/validate.js';
import { buildClientModel } from '../src/model/build.js';
import { ADAPTERS } from '../src/emit/agents/adapters.js';

const server = (agents: unknown) => ({
  servers: [{ name: 'w', source: { snapshot: 'w.json' }, out: 'out', agents }],
});

test('agents: each switch is true or false, an unknown one is named with the one it meant', () => {
  assert.doesNotThrow(() =>
    validateConfig(server({ standardSchema: true, codeMode: false }), 'c.json'),
  );
  assert.throws(
    () => validateConfig(server({ codeMode: 'yes' }), 'c.json'),
    /\/servers\/0\/agents\/codeMode[\s\S]*expected true or false/,
  );
  assert.throws(
    () => validateConfig(server({ codemode: true }), 'c.json'),
    (error: Error & { hint?: string }) => /did you mean `codeMode`/.test(error.hint ?? ''),
  );
});

test('agents: off by default; an adapter turns on the Standard Schema objects it reads', () => {
  const snapshot = {
    tools: [{ name: 'tool_schemas', inputSchema: { type: 'object' } }],
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
  const plain = buildClientModel(snapshot as never, { name: 'w' }, ADAPTERS);
  assert.deepEqual(plain.adapters, []);
  const langchain = buildClientModel(
    snapshot as never,
    { name: 'w', agents: { langchain: true } },
    ADAPTERS,
  );
  assert.deepEqual(
    langchain.adapters.map((a) => [a.key, a.files]),
    [
      ['standardSchema', { schemas: 'schemas.ts' }],
      ['langchain', { langchain: 'langchain.ts' }],
    ],
  );
  // `toolSchemas` is the export's fixed name: a tool that would take it as its function name gets another.
  assert.notEqual(langchain.tools[0]!.functionName, 'toolSchemas');
  assert.notEqual(plain.tools[0]!.functionName, 'toolSchemas');
});

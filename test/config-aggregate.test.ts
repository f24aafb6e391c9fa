/**
 * `aggregate` and `runtime` in the config (issue 27): each mistake is named by its JSON pointer,
 * through the real loader.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../src/config/load.js';
import { InputError } from '../src/shared/errors.js';
import { tmpRoot } from './helpers/paths.js';

const dir = join(tmpRoot, `config-aggregate-${process.pid}`);
const servers = ['notes', 'db'].map((name) => ({
  name,
  source: { snapshot: `${name}.json` },
  out: `out/${name}`,
}));
const aggregate = {
  name: 'Tools',
  out: 'out/tools',
  servers: ['notes', 'db'],
  conflicts: 'prefix',
};

async function rejection(config: unknown): Promise<{ pointer: string; text: string }> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'mcp-codegen.config.json');
  await writeFile(file, JSON.stringify(config));
  try {
    await loadConfig({ file });
  } catch (error) {
    assert.ok(error instanceof InputError, `expected an InputError, got ${String(error)}`);
    return { pointer: error.pointer, text: `${error.message}\n${error.hint ?? ''}` };
  }
  throw new Error('the config was accepted');
}

const cases: Array<{ what: string; config: unknown; pointer: string; says: RegExp }> = [
  {
    what: 'a misspelt key',
    config: { servers, aggregate: { ...aggregate, conflicts: undefined, conflict: 'prefix' } },
    pointer: '/aggregate/conflict',
    says: /did you mean `conflicts`/,
  },
  {
    what: 'an unknown policy',
    config: { servers, aggregate: { ...aggregate, conflicts: 'merge' } },
    pointer: '/aggregate/conflicts',
    says: /"prefix", "error", "priority"/,
  },
  {
    what: 'a server not in servers',
    config: { servers, aggregate: { ...aggregate, servers: ['notes', 'dbs'] } },
    pointer: '/aggregate/servers/1',
    says: /no server named "dbs"[\s\S]*servers: "notes", "db"/,
  },
  {
    what: 'a server listed twice',
    config: { servers, aggregate: { ...aggregate, servers: ['notes', 'notes'] } },
    pointer: '/aggregate/servers/1',
    says: /listed twice/,
  },
  {
    what: 'one server',
    config: { servers, aggregate: { ...aggregate, servers: ['notes'] } },
    pointer: '/aggregate/servers',
    says: /at least two/,
  },
  {
    what: 'prefixAll not a boolean',
    config: { servers, aggregate: { ...aggregate, prefixAll: 'yes' } },
    pointer: '/aggregate/prefixAll',
    says: /true or false/,
  },
  {
    what: 'an agent switch a server has off',
    config: { servers, aggregate: { ...aggregate, agents: { codeMode: true } } },
    pointer: '/aggregate/agents/codeMode',
    says: /server "notes" has it off[\s\S]*agents: \{ codeMode: true \}/,
  },
  {
    what: 'a LangChain switch a server has off',
    config: {
      servers: servers.map((s) => ({ ...s, agents: { langchain: s.name === 'notes' } })),
      aggregate: { ...aggregate, agents: { langchain: true } },
    },
    pointer: '/aggregate/agents/langchain',
    says: /server "db" has it off[\s\S]*agents: \{ langchain: true \}/,
  },
  {
    what: 'a Mastra switch a server has off (its LangChain switch is not it)',
    config: {
      servers: servers.map((s) => ({ ...s, agents: { langchain: true } })),
      aggregate: { ...aggregate, agents: { mastra: true } },
    },
    pointer: '/aggregate/agents/mastra',
    says: /server "notes" has it off[\s\S]*agents: \{ mastra: true \}/,
  },
  {
    what: 'an OpenAI Agents SDK switch a server has off',
    config: {
      servers: servers.map((s) => ({ ...s, agents: { openai: s.name === 'db' } })),
      aggregate: { ...aggregate, agents: { openai: true } },
    },
    pointer: '/aggregate/agents/openai',
    says: /server "notes" has it off[\s\S]*agents: \{ openai: true \}/,
  },
  {
    what: 'an OpenAI Agents SDK switch that is not a boolean',
    config: {
      servers: servers.map((s) => ({ ...s, agents: { openai: 'yes' } })),
      aggregate,
    },
    pointer: '/servers/0/agents/openai',
    says: /expected true or false, got "yes"/,
  },
  {
    what: "an aggregate in a server's folder",
    config: { servers, aggregate: { ...aggregate, out: './out/db/' } },
    pointer: '/aggregate/out',
    says: /output folder of server "db"/,
  },
  {
    what: "a runtime in a server's folder",
    config: { servers, runtime: { out: 'out/notes' } },
    pointer: '/runtime/out',
    says: /output folder of server "notes"/,
  },
  {
    what: 'a runtime without out',
    config: { servers, runtime: {} },
    pointer: '/runtime/out',
    says: /expected a folder path/,
  },
];

for (const c of cases)
  test(`aggregate config: ${c.what} is named by its pointer`, async () => {
    const { pointer, text } = await rejection(c.config);
    assert.equal(pointer, c.pointer, text);
    assert.match(text, c.says);
  });

test('a valid aggregate and runtime load as written', async () => {
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'valid.json');
  const config = { servers, runtime: { out: 'out/runtime' }, aggregate };
  await writeFile(file, JSON.stringify(config));
  const loaded = await loadConfig({ file });
  assert.deepEqual(loaded.aggregate, aggregate);
  const agents = { langchain: true, mastra: true, openai: true };
  const withAgents = {
    servers: servers.map((s) => ({ ...s, agents })),
    aggregate: { ...aggregate, agents },
  };
  await writeFile(file, JSON.stringify(withAgents));
  assert.deepEqual((await loadConfig({ file })).aggregate, withAgents.aggregate);
  assert.deepEqual(loaded.runtime, { out: 'out/runtime' });
});

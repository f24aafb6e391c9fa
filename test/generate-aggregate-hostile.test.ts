/**
 * An aggregate over two servers with the hostile catalog (fixtures/catalogs/hostile.json: reserved
 * words, `__proto__`, `foo-bar` beside `foo_bar`, names with no letters), named `constructor`, one
 * server named `clients`: every flat name is an identifier, the output (LangChain and Mastra tools
 * included) compiles under --strict, and two tools of one server that become one identifier are that
 * server's client's business, never a conflict.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ConflictPolicy, ResolvedConfig } from '../src/config/types.js';
import { generate } from '../src/generate/generate.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { typecheck } from './helpers/tsc.js';

const root = join(tmpRoot, `aggregate-hostile-${process.pid}`);
const agents = { standardSchema: true, codeMode: true, langchain: true, mastra: true };
// `clients` is the parameter of the flat functions and adapters: a server of that name gets another key.
const SERVERS = ['clients', 'constructor'];
after(() => rm(root, { recursive: true, force: true }));

test('an aggregate of two hostile catalogs compiles under --strict under prefix and priority', async () => {
  await mkdir(root, { recursive: true });
  const warned: Record<string, string[]> = {};
  for (const conflicts of ['prefix', 'priority'] as ConflictPolicy[]) {
    const config: ResolvedConfig = {
      root,
      cache: false,
      runtime: { out: 'g/runtime' },
      aggregate: {
        name: 'constructor',
        out: `g/${conflicts}`,
        servers: SERVERS,
        conflicts,
        agents,
      },
      servers: SERVERS.map((name) => ({
        name,
        agents,
        source: { snapshot: join(repoRoot, 'fixtures/catalogs/hostile.json') },
        out: `g/${name}`,
      })),
    };
    warned[conflicts] = [];
    await generate({ config, warn: (line) => warned[conflicts]!.push(line) });
  }
  const checked = await typecheck(join(root, 'g'), 'nodenext');
  assert.ok(checked.ok, checked.output || 'tsc failed without output');
  const priority = await readFile(join(root, 'g/priority/index.ts'), 'utf8');
  // foo-bar and foo_bar of server "clients" both stay on the flat surface, as its own client names them.
  assert.match(priority, /export function fooBar\(/);
  assert.match(priority, /export function fooBar2\(/);
  const hidden = warned.priority!.filter((w) => w.includes('is hidden'));
  assert.ok(
    hidden.length > 0 && hidden.every((w) => w.includes('of server "constructor"')),
    hidden.join('\n'),
  );
  const prefix = await readFile(join(root, 'g/prefix/index.ts'), 'utf8');
  assert.match(prefix, /export class ConstructorClient \{/);
  assert.match(prefix, /^ {2}return clients2\.promise\(clients\.clients2, \.\.\.args\);$/m);
  assert.match(prefix, /export function constructorFooBar2\(/);
  // The LangChain and Mastra tools of each flat name compiled above, keyed by that name.
  for (const adapter of ['langchain', 'mastra'])
    assert.match(
      await readFile(join(root, `g/prefix/${adapter}.ts`), 'utf8'),
      /^ {4}constructorFooBar2: renamedTool\(serverTools\.constructor_\[/m,
    );
});

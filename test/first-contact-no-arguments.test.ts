/**
 * Issue 15, "tools that take no arguments accept anything": a closed empty input accepts only `{}`
 * (or nothing), an open one any object but never a string, number, array or null. Checked by tsc
 * over a client generated from fixtures/catalogs/first-contact-no-arguments.json: every
 * `@ts-expect-error` below must be an error, and every other line must compile.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { renderCatalog, writeFiles } from './helpers/render.js';
import { typecheck } from './helpers/tsc.js';

const closed = ['getSystemInfo', 'closedNoProperties'];
const open = ['openExplicit', 'openByDefault', 'openEmptyProperties', 'emptySchema'];

const closedCalls = (m: string) => `
  await client.${m}();
  await client.${m}({});
  // @ts-expect-error a string is not arguments
  await client.${m}('oops');
  // @ts-expect-error the tool takes no arguments
  await client.${m}({ verbose: true });
  // @ts-expect-error an array is not an arguments object
  await client.${m}([]);
  // @ts-expect-error null is not an arguments object
  await client.${m}(null);
`;
const openCalls = (m: string) => `
  await client.${m}();
  await client.${m}({ verbose: true, depth: 2 });
  // @ts-expect-error a string is not arguments
  await client.${m}('oops');
  // @ts-expect-error a number is not arguments
  await client.${m}(42);
  // @ts-expect-error null is not an arguments object
  await client.${m}(null);
`;

const usage = `
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { NoArgsClient } from './client/index.js';

declare const mcp: Client;
const client = new NoArgsClient(mcp);

export async function closedInputs(): Promise<void> {${closed.map(closedCalls).join('')}}

export async function openInputs(): Promise<void> {${open.map(openCalls).join('')}}

export async function openValues(): Promise<void> {
  await client.openSchemaValues({ name: 'x' });
  // @ts-expect-error additionalProperties says the values are strings
  await client.openSchemaValues({ name: 1 });
  // @ts-expect-error a string is not arguments
  await client.openSchemaValues('oops');
}
`;

test('no-argument tools: closed inputs reject strings and unknown keys, open ones reject non-objects (tsc)', async () => {
  const dir = join(tmpRoot, 'first-contact-no-arguments');
  const { files } = await renderCatalog(
    join(repoRoot, 'fixtures/catalogs/first-contact-no-arguments.json'),
    'no-args',
  );
  const types = files.find((f) => f.path === 'types.ts')!.content;
  // The closed inputs are no longer the empty interface that accepted anything.
  assert.doesNotMatch(types, /interface \w+ \{\s*\}/);
  await writeFiles(
    dir,
    files.map((f) => ({ path: `client/${f.path}`, content: f.content })),
  );
  await writeFile(join(dir, 'usage.ts'), usage);
  const result = await typecheck(dir, 'nodenext');
  assert.ok(result.ok, `tsc:\n${result.output.slice(0, 3000)}`);
});

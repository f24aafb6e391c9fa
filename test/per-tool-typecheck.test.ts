import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { renderClient } from '../src/generate/render.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { repoRoot, sharedCatalogs, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { typecheck } from './helpers/tsc.js';

// The per-tool layout of every real catalog compiles under --strict (with isolatedDeclarations and
// the rest of helpers/tsc.ts), and a tool function imported from its own file is typed like the
// class method: the same result type, narrowing on codes, wrong inputs rejected. One tsc run for all.
const shared = sharedCatalogs();
const dir = join(tmpRoot, 'per-tool-typecheck');

const usage = `
import { expectTypeOf } from 'expect-type';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getWeather, GetWeatherErrorCode, type GetWeatherResult, type GetWeatherOutput } from './coded/tools/get-weather.js';
import { CodedClient, describeTool, unwrap, type DescribeToolOutput } from './coded/index.js';
import type { BudgetExceededEnvelope } from './coded/types.js';

declare const mcp: Client;

export async function main(): Promise<string> {
  const result = await getWeather(mcp, { city: 'paris' }, { validateOutput: false, request: { timeout: 1000 } });
  expectTypeOf(result).toEqualTypeOf<GetWeatherResult>();
  expectTypeOf(result).toEqualTypeOf<Awaited<ReturnType<CodedClient['getWeather']>>>();
  if (result.ok) {
    if (result.variant === 'documented') expectTypeOf(result.data).toEqualTypeOf<GetWeatherOutput>();
    return 'ok';
  }
  if (result.error.code === GetWeatherErrorCode.BudgetExceeded) expectTypeOf(result.error.details).toEqualTypeOf<BudgetExceededEnvelope>();
  const data = await describeTool(mcp).then(unwrap);
  expectTypeOf(data).toEqualTypeOf<DescribeToolOutput>();
  // @ts-expect-error city is required
  await getWeather(mcp, {});
  // @ts-expect-error the client comes first
  await getWeather({ city: 'x' });
  return result.error.message;
}
`;

test('per-tool clients compile under tsc --strict, and tool functions are typed like the methods', async (t) => {
  if (shared.skip) t.diagnostic(shared.skip);
  const catalogs = [join(repoRoot, 'fixtures/catalogs/coded-envelopes.json'), ...shared.files];
  const all: Array<{ path: string; content: string }> = [];
  for (const file of catalogs) {
    const name = file.endsWith('coded-envelopes.json')
      ? 'coded'
      : basename(file, '.json').replace(/[^A-Za-z0-9_-]/g, '_');
    const { files } = await renderClient(
      await readSnapshotFile(file),
      { name, layout: 'per-tool' },
      join(dir, name),
    );
    assert.ok(
      files.some((f) => f.path === 'catalog.json') &&
        files.some((f) => f.path.startsWith('tools/')),
      `${name}: per-tool files`,
    );
    all.push(...files.map((f) => ({ path: `${name}/${f.path}`, content: f.content })));
  }
  await writeFiles(dir, all);
  await writeFile(join(dir, 'usage.ts'), usage);
  const result = await typecheck(dir, 'nodenext');
  assert.ok(result.ok, `tsc reported:\n${result.output.slice(0, 4000)}`);
});

import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { renderCatalog, writeFiles } from './helpers/render.js';
import { renderClient } from '../src/generate/render.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { typecheck } from './helpers/tsc.js';

// Compile-time assertions on a generated client: `data` is branch 0, `error.code` narrows and a
// switch over it is exhaustive, alternatives are told apart by `variant`, a wrong input is a type
// error. tsc fails this test if any expectation (or any @ts-expect-error) does not hold.
const usage = `
import { expectTypeOf } from 'expect-type';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CodedClient, GetWeatherErrorCode, DescribeToolErrorCode, RuntimeErrorCode, getWeather, unwrap,
  type GetWeatherError, type GetWeatherResult, type DescribeToolResult,
} from './client/index.js';
import { CheckedClient, GuardErrorCode, guardClient, getWeather as getWeatherChecked } from './checked/index.js';
import type { GetWeatherOutput, ProjectionAlternative, BudgetExceededEnvelope, DescribeToolErrorEnvelope, DescribeToolOutput } from './client/types.js';

declare const mcp: Client;
const client = new CodedClient(mcp);

export async function main(): Promise<string> {
  const result = await client.getWeather({ city: 'paris' });
  expectTypeOf(result).toEqualTypeOf<GetWeatherResult>();
  if (result.ok) {
    if (result.variant === 'documented') expectTypeOf(result.data).toEqualTypeOf<GetWeatherOutput>();
    if (result.variant === 'projection') expectTypeOf(result.data).toEqualTypeOf<ProjectionAlternative>();
    // @ts-expect-error an alternative is never the documented payload
    const wrong: GetWeatherOutput = result.data;
    void wrong;
    return 'ok';
  }
  const error = result.error;
  switch (error.code) {
    case GetWeatherErrorCode.BudgetExceeded:
      expectTypeOf(error.details).toEqualTypeOf<BudgetExceededEnvelope>();
      return 'budget';
    case GetWeatherErrorCode.JmespathError:
    case RuntimeErrorCode.Unknown:
    case RuntimeErrorCode.Uncoded:
    case RuntimeErrorCode.InvalidResult:
      return error.message;
    // No guard case: without the config's \`guard\` nothing can refuse a call.
    default:
      return error satisfies never;
  }
}

// Input schemas were not embedded: no call can fail input validation, and none can ask for it.
export function noInputCheck(error: GetWeatherError): string {
  switch (error.code) {
    // @ts-expect-error $invalid_input cannot happen to this tool
    case RuntimeErrorCode.InvalidInput:
      return 'unreachable';
    default:
      return error.message;
  }
}
// @ts-expect-error without the config's \`guard\` there is no guard to set
new CodedClient(mcp, { guard: 'block' });
// @ts-expect-error and no guard code to handle
export const unguarded = (error: GetWeatherError): boolean => error.code === '$changed';
// @ts-expect-error validateInput: true would do nothing without the input schemas
new CodedClient(mcp, { validateInput: true });
new CodedClient(mcp, { validateInput: false, validateOutput: false });
// @ts-expect-error the same for a function's options
void getWeather(mcp, { city: 'paris' }, { validateInput: true });

export async function describe(): Promise<void> {
  const result: DescribeToolResult = await client.describeTool({ tool_name: 'x' });
  if (!result.ok && result.error.code === DescribeToolErrorCode.UnknownTool) {
    expectTypeOf(result.error.details).toEqualTypeOf<DescribeToolErrorEnvelope>();
  }
  const data = await client.describeTool().then(unwrap);
  expectTypeOf(data).toEqualTypeOf<DescribeToolOutput>();
}

// With \`validateInput: true\` in the config the schemas are embedded: the option type-checks, and
// \`$invalid_input\` is a code to handle.
new CheckedClient(mcp, { validateInput: true });
void getWeatherChecked(mcp, { city: 'paris' }, { validateInput: false });
export function inputCheck(result: Awaited<ReturnType<typeof getWeatherChecked>>): string {
  if (result.ok) return '';
  switch (result.error.code) {
    case RuntimeErrorCode.InvalidInput:
      return result.error.issues?.[0]?.pointer ?? '';
    default:
      return result.error.message;
  }
}

// With \`guard: true\` in the config: the guard option, guardClient, and the guard's codes in every union.
new CheckedClient(mcp, { guard: 'block', onGuardWarning: () => {} });
export async function guarded(): Promise<string> {
  const result = await getWeatherChecked(guardClient(mcp, { mode: 'block' }), { city: 'paris' });
  if (result.ok) return '';
  switch (result.error.code) {
    // A guarded client ('block') can refuse any tool before sending.
    case GuardErrorCode.Changed:
      expectTypeOf(result.error.details.fields).toEqualTypeOf<Array<'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations'>>();
      return result.error.message;
    case GuardErrorCode.Unavailable:
      return result.error.message;
    default:
      return result.error.message;
  }
}

export async function wrongInputs(): Promise<void> {
  // @ts-expect-error city is required
  await client.getWeather({});
  // @ts-expect-error a typo in a property name
  await client.getWeather({ city: 'x', sumary: true });
  // @ts-expect-error wrong property type
  await client.getWeather({ city: 1 });
}
`;

test('generated types: branch-0 data, exhaustive error codes, validateInput and the guard only where they work, wrong inputs rejected', async () => {
  const dir = join(tmpRoot, 'generated-types');
  const { files } = await renderCatalog(
    join(repoRoot, 'fixtures/catalogs/coded-envelopes.json'),
    'coded',
  );
  const checked = await renderClient(
    await readSnapshotFile(join(repoRoot, 'fixtures/catalogs/coded-envelopes.json')),
    { name: 'checked', validateInput: true, guard: true },
    '/nonexistent/out',
  );
  await writeFiles(dir, [
    ...files.map((f) => ({ path: `client/${f.path}`, content: f.content })),
    ...checked.files.map((f) => ({ path: `checked/${f.path}`, content: f.content })),
  ]);
  await writeFile(join(dir, 'usage.ts'), usage);
  for (const resolution of ['nodenext', 'bundler'] as const) {
    const result = await typecheck(dir, resolution);
    assert.ok(result.ok, `tsc (${resolution}):\n${result.output.slice(0, 3000)}`);
  }
});

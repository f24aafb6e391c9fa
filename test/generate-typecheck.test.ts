/**
 * Generated clients under tsc --strict (with isolatedDeclarations and the rest of helpers/tsc.ts):
 * every fixture catalog and every real catalog in its default layout (NodeNext and Bundler), by
 * default and with the guard, mock.ts and every agent file on (the fixtures with `validateInput`
 * too), a catalog without tools among them, an exhaustive switch over each tool's error codes, the
 * class catalogs' assertion files, and the per-tool layout of the real catalogs with a usage file
 * (NodeNext).
 *
 * tsc is most of the cost, and its start-up (the lib files, the SDK's declarations) is paid per run,
 * so each catalog is rendered once into one folder and checked by one tsc run per resolution. Each
 * test then asserts on the diagnostics of the files it owns (helpers/tsc.ts `diagnostics`); a
 * diagnostic with no file (a broken config, a crash) fails every test.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { copyFile, readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { RUNTIME_TEMPLATES } from '../src/emit/emit.js';
import { renderClient } from '../src/generate/render.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { fixtureCatalogs, repoRoot, sharedCatalogs, tmpRoot } from './helpers/paths.js';
import { renderCatalog, writeFiles } from './helpers/render.js';
import type { ServerConfig } from '../src/config/types.js';
import type { ToolModel } from '../src/model/types.js';
import { parseSnapshot } from '../src/snapshot/index.js';
import { diagnostics, typecheck, type Diagnostic } from './helpers/tsc.js';

const shared = sharedCatalogs();
const dir = join(tmpRoot, 'typecheck');
const assertions = join(repoRoot, 'fixtures/catalogs/assertions');
const folder = (file: string) => basename(file, '.json').replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * The runtime is the same bytes in every client, and checking some 150 copies of it was most of this
 * test's tsc time. So a few catalogs keep their own copy (the default layout, as most users have it)
 * and the others use a shared runtime folder (config `runtime: { out }`, as a monorepo has it), written
 * once at `_runtime/` from the own copies, which must agree byte for byte.
 */
const OWN_RUNTIME = new Set(['coded-envelopes', 'hostile', 'no-tools']);
const SHARED_RUNTIME = '_runtime';
const runtimeOption = (catalog: string) =>
  OWN_RUNTIME.has(catalog) ? {} : { runtimeDir: `../../${SHARED_RUNTIME}` };

/**
 * The codes a call of the tool can end in, from the catalog and the config rather than from the
 * model's own list: the declared ones, `$unknown` and `$uncoded` always, `$invalid_result` where the
 * tool has a known output shape, `$invalid_input` where the config embedded the input schemas
 * (`validateInput`, or `agents.standardSchema`), and
 * the guard's two only where the config's `guard` is on (without it nothing can refuse a call).
 */
function reachableCases(
  tool: ToolModel,
  options: { validateInput: boolean; guard: boolean },
): string[] {
  return [
    ...tool.errorCodes.map((c) => `T.${tool.errorCodeEnum}.${c.member}`),
    'T.RuntimeErrorCode.Unknown',
    'T.RuntimeErrorCode.Uncoded',
    ...(tool.tool.outputSchema ? ['T.RuntimeErrorCode.InvalidResult'] : []),
    ...(options.validateInput ? ['T.RuntimeErrorCode.InvalidInput'] : []),
    ...(options.guard ? GUARD_CASES : []),
  ];
}

const GUARD_CASES = ['T.GuardErrorCode.Changed', 'T.GuardErrorCode.Unavailable'];
const ALL_AGENTS = {
  standardSchema: true,
  codeMode: true,
  langchain: true,
  mastra: true,
  openai: true,
};

/** The README's exhaustive switch over each tool's result, by the exported code objects. */
function exhaustiveSwitches(tools: readonly ToolModel[], cases: (tool: ToolModel) => string[]) {
  const functions = tools.map((tool, i) => {
    const labels = cases(tool)
      .map((c) => `    case ${c}:\n      return result.error.message;`)
      .join('\n');
    return `export function handle${i}(result: T.${tool.resultType}): string {\n  if (result.ok) return '';\n  switch (result.error.code) {\n${labels}\n    default:\n      result.error satisfies never;\n      return '';\n  }\n}`;
  });
  // A catalog without tools (fixtures/catalogs/no-tools.json) has no switch, and so no import to leave unused.
  if (functions.length === 0) return 'export {};\n';
  return `import * as T from './index.js';\n\n${functions.join('\n\n')}\n`;
}

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

interface Checked {
  /** Switch functions written, one per tool of every catalog. */
  switches: number;
  /** The files of the shared runtime folder. */
  runtimeFiles: number;
  /** The class catalogs (fixtures/catalogs/correct-*.json), and assertion files with no catalog. */
  classes: number;
  orphanAssertions: string[];
  /** Per-tool clients without catalog.json or tools/. */
  perToolMissing: string[];
  nodenext: Diagnostic[];
  bundler: Diagnostic[];
}

/**
 * Render everything into `dir`: `single/<catalog>/` (a client, its switch.ts, and for a class
 * catalog its assertions.ts), and `per-tool/<catalog>/` with `per-tool/usage.ts`. Then one tsc run
 * per resolution; Bundler sees the single layout's clients and switches (of the guarded renders, only
 * BUNDLER_GUARDED's), as the tests did apart.
 */
async function renderAndCheck(): Promise<Checked> {
  const all: Array<{ path: string; content: string }> = [];
  let switches = 0;
  const runtime = new Map<string, string>();
  const collectRuntime = (files: ReadonlyArray<{ path: string; content: string }>) => {
    for (const f of files.filter((f) => RUNTIME_TEMPLATES.includes(f.path))) {
      const seen = runtime.get(f.path);
      assert.ok(seen === undefined || seen === f.content, `${f.path}: two clients' copies differ`);
      runtime.set(f.path, f.content);
    }
  };
  const classes = fixtureCatalogs().filter((file) => basename(file).startsWith('correct-'));
  const checks = new Set(await readdir(assertions));
  // Every catalog as configured by default (no input schemas, no guard, no agent files), and with the
  // guard, mock.ts and every agent file on (schemas.ts, code-mode.d.ts, langchain.ts, mastra.ts,
  // openai-agents.ts), so that each kind of generated file is compiled for every catalog. The
  // fixtures' second render also embeds the input schemas (`validateInput`): the real catalogs'
  // keeps the guard without them, so each option is seen on and off, and with the others on.
  const fixtures = new Set(fixtureCatalogs());
  const runs: Array<{
    file: string;
    validateInput: boolean;
    guard: boolean;
    agents?: typeof ALL_AGENTS;
    mock?: boolean;
  }> = [...fixtures, ...shared.files].flatMap((file) => [
    { file, validateInput: false, guard: false },
    { file, validateInput: fixtures.has(file), guard: true, agents: ALL_AGENTS, mock: true },
  ]);
  for (const { file, validateInput, guard, agents, mock } of runs) {
    const name = basename(file, '.json');
    const { files, model } = await renderClient(
      await readSnapshotFile(file),
      {
        name,
        validateInput,
        guard,
        ...(agents && { agents }),
        ...(mock && { mock }),
        ...runtimeOption(name),
      },
      '/nonexistent/out',
    );
    collectRuntime(files);
    const at = `single/${folder(file)}${guard ? '-guarded' : ''}`;
    all.push(...files.map((f) => ({ path: `${at}/${f.path}`, content: f.content })));
    // Standard Schema objects embed the input schemas as validateInput does: `$invalid_input` can happen.
    const embedded = validateInput || agents?.standardSchema === true;
    const text = exhaustiveSwitches(model.tools, (tool) =>
      reachableCases(tool, { validateInput: embedded, guard }),
    );
    all.push({ path: `${at}/switch.ts`, content: text });
    switches += model.tools.length;
  }
  const perToolMissing: string[] = [];
  for (const file of [join(repoRoot, 'fixtures/catalogs/coded-envelopes.json'), ...shared.files]) {
    const name = file.endsWith('coded-envelopes.json') ? 'coded' : folder(file);
    const { files } = await renderClient(
      await readSnapshotFile(file),
      { name, layout: 'per-tool', ...runtimeOption(basename(file, '.json')) },
      join(dir, 'per-tool', name),
    );
    collectRuntime(files);
    if (
      !files.some((f) => f.path === 'catalog.json') ||
      !files.some((f) => f.path.startsWith('tools/'))
    )
      perToolMissing.push(name);
    all.push(...files.map((f) => ({ path: `per-tool/${name}/${f.path}`, content: f.content })));
  }
  all.push({ path: 'per-tool/usage.ts', content: usage });
  for (const [path, content] of runtime) all.push({ path: `${SHARED_RUNTIME}/${path}`, content });
  await writeFiles(dir, all);
  for (const file of classes) {
    const name = basename(file, '.json');
    const check = `${name.replace(/^correct-/, '')}.ts`;
    if (checks.delete(check))
      await copyFile(join(assertions, check), join(dir, 'single', name, 'assertions.ts'));
  }
  const [nodenext, bundler] = await Promise.all([
    typecheck(dir, 'nodenext'),
    typecheck(dir, 'bundler', {
      include: ['single/**/*.ts'],
      exclude: [
        'single/*/assertions.ts',
        ...runs
          .filter((r) => r.guard && !BUNDLER_GUARDED.has(basename(r.file, '.json')))
          .map((r) => `single/${folder(r.file)}-guarded/**`),
      ],
    }),
  ]);
  return {
    switches,
    runtimeFiles: runtime.size,
    classes: classes.length,
    orphanAssertions: [...checks],
    perToolMissing,
    nodenext: diagnostics(nodenext),
    bundler: diagnostics(bundler),
  };
}

/**
 * Under Bundler, the guarded render (the agent files, mock.ts) of these catalogs only: what Bundler
 * changes is how the frameworks' and the SDK's imports resolve, the same for every catalog, while
 * loading the frameworks' declarations for all of them was most of that tsc run. NodeNext checks
 * every catalog's.
 */
const BUNDLER_GUARDED = new Set(['coded-envelopes', 'hostile']);

let checked: Promise<Checked> | undefined;
/** The one render and tsc run, started by whichever test comes first (also under --test-name-pattern). */
const check = () => (checked ??= renderAndCheck());

/** The diagnostics a test owns, and those with no file, as tsc printed them. */
function owned(found: Diagnostic[], owns: (file: string) => boolean): string {
  return found
    .filter((d) => d.file === undefined || owns(d.file))
    .map((d) => d.text)
    .join('\n')
    .slice(0, 4000);
}

const isSwitch = (file: string) => /^single\/[^/]+\/switch\.ts$/.test(file);
const isAssertion = (file: string) => /^single\/[^/]+\/assertions\.ts$/.test(file);

test('generated clients compile under tsc --strict (NodeNext and Bundler)', async (t) => {
  if (shared.skip) t.diagnostic(shared.skip);
  const { nodenext, bundler } = await check();
  const client = (file: string) =>
    file.startsWith('single/') && !isSwitch(file) && !isAssertion(file);
  for (const [resolution, found] of [
    ['nodenext', nodenext],
    ['bundler', bundler],
  ] as const) {
    const reported = owned(found, client);
    assert.equal(reported, '', `tsc (${resolution}) reported:\n${reported}`);
  }
});

test('the shared runtime folder compiles, and the clients that use it', async () => {
  const { runtimeFiles, nodenext, bundler } = await check();
  assert.ok(runtimeFiles >= 15, `${runtimeFiles} runtime files`);
  for (const [resolution, found] of [
    ['nodenext', nodenext],
    ['bundler', bundler],
  ] as const) {
    const reported = owned(found, (file) => file.startsWith(`${SHARED_RUNTIME}/`));
    assert.equal(reported, '', `tsc (${resolution}) over ${SHARED_RUNTIME}/:\n${reported}`);
  }
});

test('an exhaustive switch over error codes compiles for every tool of every catalog', async (t) => {
  if (shared.skip) t.diagnostic(shared.skip);
  const { switches, nodenext, bundler } = await check();
  assert.ok(switches > 0);
  for (const [resolution, found] of [
    ['nodenext', nodenext],
    ['bundler', bundler],
  ] as const) {
    const reported = owned(found, isSwitch);
    assert.equal(reported, '', `tsc (${resolution}) over ${switches} switches:\n${reported}`);
  }
});

test('a catalog with no tools (only resources, templates and prompts) compiles, every file of it, with and without the guard and agent files', async () => {
  const empty = fixtureCatalogs().filter(
    (file) => JSON.parse(readFileSync(file, 'utf8')).tools.length === 0,
  );
  assert.ok(empty.length > 0, 'a fixture catalog without tools');
  const { nodenext, bundler } = await check();
  for (const file of empty) {
    const at = `single/${folder(file)}`;
    const dirs = [at, `${at}-guarded`];
    for (const [resolution, found] of [
      ['nodenext', nodenext],
      ['bundler', bundler],
    ] as const) {
      const reported = owned(found, (f) => dirs.some((d) => f.startsWith(`${d}/`)));
      assert.equal(reported, '', `tsc (${resolution}) over ${dirs.join(', ')}:\n${reported}`);
    }
  }
});

// One catalog per class of issue 10 (fixtures/catalogs/correct-*.json), compiled together with
// assertion files (fixtures/catalogs/assertions/) that use the generated types: values they must
// accept, and `@ts-expect-error` lines for values they must reject. An unused `@ts-expect-error` is
// itself an error, so a type that got too loose fails this test.
test('every class catalog compiles under --strict, and its types accept and reject what they should', async () => {
  const { classes, orphanAssertions, nodenext } = await check();
  assert.equal(classes, 7, 'one catalog per class');
  assert.deepEqual(orphanAssertions, [], 'every assertion file belongs to a catalog');
  const reported = owned(nodenext, (file) => file.startsWith('single/correct-'));
  assert.equal(reported, '', `tsc reported:\n${reported}`);
});

// The per-tool layout of every real catalog compiles, and a tool function imported from its own
// file is typed like the class method: the same result type, narrowing on codes, wrong inputs rejected.
test('per-tool clients compile under tsc --strict, and tool functions are typed like the methods', async (t) => {
  if (shared.skip) t.diagnostic(shared.skip);
  const { perToolMissing, nodenext } = await check();
  assert.deepEqual(perToolMissing, [], 'per-tool files (catalog.json, tools/)');
  const reported = owned(nodenext, (file) => file.startsWith('per-tool/'));
  assert.equal(reported, '', `tsc reported:\n${reported}`);
});

test(
  'the WorldMonitor 1.21 layout: <Tool>Output is branch 0, envelopes are codes',
  { skip: shared.skip },
  async () => {
    const file = shared.files.find((f) => f.includes('v1.21-style'));
    assert.ok(file, 'worldmonitor v1.21-style catalog present');
    const catalog = JSON.parse(await readFile(file, 'utf8')) as {
      tools: Array<{ name: string; outputSchema: { anyOf: Array<{ required?: string[] }> } }>;
    };
    const { files, model } = await renderCatalog(file, 'worldmonitor');
    const types = files.find((f) => f.path === 'types.ts')!.content;
    const tools = files.find((f) => f.path === 'tools.ts')!.content;
    assert.equal(model.tools.length, catalog.tools.length);
    for (const tool of model.tools) {
      const documented = catalog.tools.find((c) => c.name === tool.tool.name)!.outputSchema
        .anyOf[0]!;
      assert.equal(tool.branches[0]!.kind, 'documented');
      assert.equal(tool.branches[0]!.typeName, tool.outputType);
      // The documented type declares every property branch 0 requires.
      const declaration =
        new RegExp(`export (interface|type) ${tool.outputType}\\b[\\s\\S]*?\\n\\}`).exec(
          types,
        )?.[0] ?? '';
      for (const key of documented.required ?? [])
        assert.match(declaration, new RegExp(`\\b${key}\\??:`), `${tool.outputType} has ${key}`);
      assert.deepEqual(
        tool.branches.map((b) => b.kind),
        ['documented', 'alternative', 'alternative', 'error', 'error'],
      );
      assert.deepEqual(
        tool.errorCodes.map((c) => c.code),
        ['_budget_exceeded', '_jmespath_error'],
      );
    }
    assert.match(tools, /BudgetExceeded: '_budget_exceeded'/);
    assert.match(tools, /JmespathError: '_jmespath_error'/);
  },
);

test(
  'WorldMonitor: _jmespath_error kinds from the config become enum members',
  { skip: shared.skip },
  async () => {
    const file = shared.files.find((f) => f.includes('v1.21-style'))!;
    const { readSnapshotFile } = await import('../src/snapshot/index.js');
    const { renderClient } = await import('../src/generate/render.js');
    const kinds = {
      expression_too_long: 'JMESPath expression over 1024 characters',
      invalid_expression: 'JMESPath parse error',
      projection_too_large: 'Projection over the output budget',
    };
    const { files } = await renderClient(
      await readSnapshotFile(file),
      { name: 'worldmonitor', errors: { server: kinds } },
      '/x',
    );
    const tools = files.find((f) => f.path === 'tools.ts')!.content;
    const first = /export const (\w+ErrorCode) = \{([\s\S]*?)\} as const;/.exec(tools);
    assert.ok(first, 'an error-code object');
    for (const member of [
      "BudgetExceeded: '_budget_exceeded'",
      "JmespathError: '_jmespath_error'",
      "ExpressionTooLong: 'expression_too_long'",
      "InvalidExpression: 'invalid_expression'",
      "ProjectionTooLarge: 'projection_too_large'",
    ]) {
      assert.ok(first[2]!.includes(member), `${first[1]} has ${member}`);
    }
    assert.match(
      first[2]!,
      /\/\*\* JMESPath expression over 1024 characters \*\//,
      'the config description documents the member',
    );
  },
);

async function writeSwitchClient(
  at: string,
  snapshot: Parameters<typeof renderClient>[0],
  server: Pick<ServerConfig, 'name' | 'validateInput' | 'errors' | 'guard'>,
  cases: string[],
): Promise<void> {
  const { files, model } = await renderClient(snapshot, server, '/nonexistent/out');
  await writeFiles(at, [
    ...files,
    { path: 'switch.ts', content: exhaustiveSwitches(model.tools, () => cases) },
  ]);
}

test('a code the server adds to a tool, or the guard turned on, breaks a switch that does not handle it; a code that cannot happen (a guard code without `guard`) is no case', async () => {
  const root = join(tmpRoot, 'exhaustive-switch-added');
  const snapshot = parseSnapshot(
    { tools: [{ name: 'list_items', inputSchema: { type: 'object' } }] },
    'added.json',
  );
  // The switch written for the tool as it was: no declared codes, no output schema, no input check, no guard.
  const before = ['T.RuntimeErrorCode.Unknown', 'T.RuntimeErrorCode.Uncoded'];
  await writeSwitchClient(join(root, 'before'), snapshot, { name: 'items' }, before);
  // The same switch once the config declares a code for the tool: it must fail to compile.
  const errors = { tools: { list_items: { rate_limited: 'Too many requests' } } };
  await writeSwitchClient(join(root, 'after'), snapshot, { name: 'items', errors }, before);
  // Once the config turns the guard on, the guard's codes can happen: the same switch fails.
  await writeSwitchClient(join(root, 'guarded'), snapshot, { name: 'items', guard: true }, before);
  // A case for a code that cannot happen to the tool (no input schema embedded) is an error too.
  const impossible = [...before, 'T.RuntimeErrorCode.InvalidInput'];
  await writeSwitchClient(join(root, 'impossible'), snapshot, { name: 'items' }, impossible);
  // And so is a guard code without the config's `guard`, by its literal (GuardErrorCode is not exported then).
  const unguarded = [...before, "'$changed'"];
  await writeSwitchClient(join(root, 'unguarded'), snapshot, { name: 'items' }, unguarded);
  const result = diagnostics(await typecheck(root, 'nodenext'));
  const of = (folder: string) =>
    result
      .filter((d) => d.file?.startsWith(`${folder}/`))
      .map((d) => d.text)
      .join('\n');
  assert.equal(of('before'), '', 'the switch compiles against the tool as it was');
  assert.match(of('after'), /switch\.ts\(\d+,\d+\): error TS1360: .*"rate_limited"/);
  assert.match(of('impossible'), /switch\.ts\(\d+,\d+\): error TS2678: .*"\$invalid_input"/);
  assert.match(of('guarded'), /switch\.ts\(\d+,\d+\): error TS1360: .*"\$(changed|unavailable)"/);
  assert.match(of('unguarded'), /switch\.ts\(\d+,\d+\): error TS2678: .*"\$changed"/);
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { catalogSource, exampleTool } from '../src/emit/agents/agent-files.js';
import { oneLineDocs } from '../src/emit/print/doc-lines.js';
import { importText } from '../src/emit/print/imports.js';
import { indexSource } from '../src/emit/client/index-file.js';
import { toolFunction } from '../src/emit/client/tool-function.js';
import { toolsStatements } from '../src/emit/client/tools-file.js';
import { ADAPTERS } from '../src/emit/agents/adapters.js';
import { buildClientModel } from '../src/model/build.js';
import { moduleSpecifier, planModules } from '../src/model/module-plan.js';
import {
  CATALOG_DESCRIPTION_LIMIT,
  ToolFilePlanner,
  catalogDescription,
  planOutputFiles,
  toolSummary,
} from '../src/model/output-plan.js';
import type { ClientModel, ImportPlan, Layout, ToolModel } from '../src/model/types.js';
import type { Tool, ToolAnnotations } from '../src/snapshot/types.js';

// Given/want tables for emit/ and the planner it reads: a model (or a piece of one) in, text out, one
// row per construct, the way openapi-typescript tests its transforms. Whole clients are in the goldens.

function toolModel(name: string, base: string, over: Partial<ToolModel> = {}): ToolModel {
  const camel = base.charAt(0).toLowerCase() + base.slice(1);
  return {
    tool: { name, inputSchema: { type: 'object' } },
    method: camel,
    functionName: camel,
    file: 'tools.ts',
    summary: '',
    resultKind: 'untyped',
    appOnly: false,
    fingerprint: '0000000000000000',
    guardFingerprint: {},
    specName: `${base}Spec`,
    inputType: `${base}Input`,
    inputKind: 'object',
    inputOptional: false,
    branches: [],
    errorCodes: [],
    errorType: `${base}Error`,
    checkCodes: [],
    resultType: `${base}Result`,
    optionsType: 'InvokeOptions',
    ...over,
  };
}

function clientModel(
  tools: ToolModel[],
  over: Partial<ClientModel> = {},
  layout: Layout = 'single',
): ClientModel {
  const named = {
    serverName: 'weather',
    layout,
    files: planOutputFiles(layout),
    className: 'WeatherClient',
    optionsTypeName: 'WeatherClientOptions',
    groups: {},
    guard: {
      functionName: 'guardClient',
      fingerprints: 'catalogFingerprints',
      member: 'catalog',
      enabled: false,
    },
    namespaces: { tools: 'tools', types: 'types' },
    tools,
    resources: [],
    templates: [],
    prompts: [],
    definitions: {},
    validateOutput: true,
    validateInput: false,
    invokeOptionsType: 'InvokeOptions' as const,
    adapters: [],
    warnings: [],
    ...over,
  };
  return { ...named, modules: planModules(named) };
}

describe('toolFunction: a tool model in, the standalone function out', () => {
  const rows: Array<{
    given: string;
    tool: ToolModel;
    model?: Partial<ClientModel>;
    want: string;
  }> = [
    {
      given: 'a required input, the runtime defaults',
      tool: toolModel('get-forecast', 'GetForecast'),
      want: `/** Calls the tool "get-forecast". */
export function getForecast(client: McpClientLike, input: types.GetForecastInput, options?: InvokeOptions): Promise<GetForecastResult> {
    return runTool(client, validators.GetForecastSpec, input, options);
}`,
    },
    {
      given: 'nothing required: the input defaults to {}',
      tool: toolModel('list_cities', 'ListCities', { inputOptional: true }),
      want: `/** Calls the tool "list_cities". */
export function listCities(client: McpClientLike, input: types.ListCitiesInput = {}, options?: InvokeOptions): Promise<ListCitiesResult> {
    return runTool(client, validators.ListCitiesSpec, input, options);
}`,
    },
    {
      given: 'an input schema that is not an object: an open object, said in the doc',
      tool: toolModel('raw', 'Raw', { inputKind: 'open', inputOptional: true }),
      want: `/**
 * The server's inputSchema does not describe an object (its type is exported as \`RawInput\`); MCP sends arguments as an object, so this takes one.
 *
 * Calls the tool "raw".
 */
export function raw(client: McpClientLike, input: Record<string, unknown> = {}, options?: InvokeOptions): Promise<RawResult> {
    return runTool(client, validators.RawSpec, input, options);
}`,
    },
    {
      given: "the config's validation defaults differ from the runtime's: written into the call",
      tool: toolModel('x', 'X'),
      model: { validateInput: true, validateOutput: false },
      want: `/** Calls the tool "x". */
export function x(client: McpClientLike, input: types.XInput, options?: InvokeOptions): Promise<XResult> {
    return runTool(client, validators.XSpec, input, { ...options, validateOutput: options?.validateOutput ?? false, validateInput: options?.validateInput ?? true });
}`,
    },
    {
      given: 'no input schema embedded: options where `validateInput: true` is a type error',
      tool: toolModel('x', 'X', { optionsType: 'UncheckedInputOptions' }),
      want: `/** Calls the tool "x". */
export function x(client: McpClientLike, input: types.XInput, options?: UncheckedInputOptions): Promise<XResult> {
    return runTool(client, validators.XSpec, input, options);
}`,
    },
    {
      given:
        "a description that tries to close the comment, and annotations: the summary and a link to the method's full doc",
      tool: toolModel('evil', 'Evil', {
        tool: {
          name: 'evil',
          description: 'bye */ process.exit(1). More text.',
          annotations: { readOnlyHint: true },
          inputSchema: {},
        },
        summary: 'bye */ process.exit(1).',
      }),
      want: `/**
 * bye *\\/ process.exit(1).
 *
 * Calls the tool "evil". Full text: {@link WeatherClient.evil}.
 */
export function evil(client: McpClientLike, input: types.EvilInput, options?: InvokeOptions): Promise<EvilResult> {
    return runTool(client, validators.EvilSpec, input, options);
}`,
    },
  ];
  for (const { given, tool, model, want } of rows) {
    test(given, () => assert.equal(toolFunction(tool, clientModel([tool], model)), want));
  }
  test('a summary that is the whole description, no hints: the method says no more, so no link', () => {
    const tool = toolModel('t', 'T', {
      tool: { name: 't', description: 'Does it.', inputSchema: {} },
      summary: 'Does it.',
    });
    assert.match(
      toolFunction(tool, clientModel([tool])),
      /^\/\*\*\n \* Does it\.\n \*\n \* Calls the tool "t"\.\n \*\/\n/,
    );
  });
});

describe('oneLineDocs: a JSDoc of one line of text on one line, any other as it is', () => {
  const rows: Array<[string, string, string]> = [
    [
      'one line',
      '  /**\n   * A city id\n   */\n  city: string;',
      '  /** A city id */\n  city: string;',
    ],
    ['one tag', '/**\n * @default 3\n */', '/** @default 3 */'],
    [
      'text and a tag: kept',
      '  /**\n   * Days\n   *\n   * @maximum 7\n   */',
      '  /**\n   * Days\n   *\n   * @maximum 7\n   */',
    ],
    ['indents that differ: kept', '  /**\n * x\n   */', '  /**\n * x\n   */'],
    ['an empty line: kept', '/**\n *\n */', '/**\n *\n */'],
  ];
  for (const [given, source, want] of rows)
    test(given, () => assert.equal(oneLineDocs(source), want));
});

describe('importText: a planned import in, the statement out', () => {
  const rows: Array<{ given: ImportPlan; want: string }> = [
    {
      given: {
        file: 'runtime.ts',
        specifier: './runtime.js',
        names: [{ name: 'runTool' }, { name: 'ToolSpec', type: true }],
      },
      want: 'import { runTool, type ToolSpec } from "./runtime.js";',
    },
    {
      given: {
        file: 'types.ts',
        specifier: '../types.js',
        names: [{ name: 'AInput' }],
        typeOnly: true,
      },
      want: 'import type { AInput } from "../types.js";',
    },
    {
      given: {
        file: 'validators.ts',
        specifier: './validators.js',
        names: [],
        namespace: 'validators',
      },
      want: 'import * as validators from "./validators.js";',
    },
    {
      given: {
        file: 'types.ts',
        specifier: './types.js',
        names: [],
        namespace: '*',
        typeOnly: true,
        reexport: true,
      },
      want: 'export type * from "./types.js";',
    },
    {
      given: {
        file: 'tools/a.ts',
        specifier: './tools/a.js',
        names: [{ name: 'a' }, { name: 'AResult', type: true }],
        reexport: true,
      },
      want: 'export { a, type AResult } from "./tools/a.js";',
    },
  ];
  for (const { given, want } of rows) test(want, () => assert.equal(importText(given), want));
});

describe('the planner: files, specifiers, summaries', () => {
  test('moduleSpecifier', () => {
    const rows: Array<[string, string, string]> = [
      ['index.ts', 'tools.ts', './tools.js'],
      ['index.ts', 'tools/get-forecast.ts', './tools/get-forecast.js'],
      ['tools/get-forecast.ts', 'runtime.ts', '../runtime.js'],
      ['tools/a.ts', 'tools/b.ts', './b.js'],
    ];
    for (const [from, to, want] of rows)
      assert.equal(moduleSpecifier(from, to), want, `${from} → ${to}`);
  });

  test('per-tool file names are unique case-insensitively and never a Windows device name', () => {
    const files = new ToolFilePlanner();
    const rows: Array<[string, string]> = [
      ['getForecast', 'tools/get-forecast.ts'],
      ['getforecast', 'tools/getforecast.ts'],
      ['getForecast2', 'tools/get-forecast2.ts'],
      ['getForeCast', 'tools/get-fore-cast.ts'],
      ['con', 'tools/con_.ts'],
      ['lpt1', 'tools/lpt1_.ts'],
      ['getForecast_', 'tools/get-forecast2.ts'.replace('2', '3')],
    ];
    const seen = new Set<string>();
    for (const [name, want] of rows) {
      const file = files.claim(name);
      assert.equal(file, want, name);
      assert.ok(!seen.has(file.toLowerCase()), `${file} is unique ignoring case`);
      seen.add(file.toLowerCase());
    }
  });

  test('toolSummary: one line, one sentence, bounded', () => {
    const tool = (over: Partial<Tool>): Tool => ({ name: 't', inputSchema: {}, ...over });
    const rows: Array<[Tool, string]> = [
      [tool({ description: 'Get the forecast. Up to 7 days.' }), 'Get the forecast.'],
      [tool({ description: 'First line\nsecond line' }), 'First line'],
      [tool({ title: 'Forecast', description: 'ignored' }), 'Forecast'],
      [tool({ description: `${'a'.repeat(200)}` }), `${'a'.repeat(159)}…`],
      [tool({ description: 'Find files, e.g. logs. Fast.' }), 'Find files, e.g. logs.'],
      [tool({ description: 'Read it (v1.2). 2 modes.' }), 'Read it (v1.2).'],
      [tool({ description: `${'word '.repeat(40)}end.` }), `${'word '.repeat(31).trimEnd()}…`],
      [tool({ description: `${'😀'.repeat(170)}` }), `${'😀'.repeat(159)}…`],
      [tool({}), ''],
    ];
    for (const [given, want] of rows) assert.equal(toolSummary(given), want);
  });

  test('catalogDescription: trimmed, bounded in code points, never a split surrogate pair', () => {
    const tool = (description?: string): Tool => ({
      name: 't',
      inputSchema: {},
      ...(description === undefined ? {} : { description }),
    });
    const limit = CATALOG_DESCRIPTION_LIMIT;
    const rows: Array<[string, Tool, string | undefined]> = [
      ['none', tool(), undefined],
      ['blank', tool('  \n '), undefined],
      ['kept whole, lines and all', tool(' Get it.\nThen more. '), 'Get it.\nThen more.'],
      ['at the limit: whole', tool('a'.repeat(limit)), 'a'.repeat(limit)],
      ['over: cut with an ellipsis', tool('a'.repeat(limit + 1)), `${'a'.repeat(limit - 1)}…`],
      ['astral characters count once', tool('😀'.repeat(limit + 5)), `${'😀'.repeat(limit - 1)}…`],
    ];
    for (const [given, t, want] of rows) assert.equal(catalogDescription(t), want, given);
  });

  test('appOnly: the model may not see the tool (`visibleToModel`, read strictly)', () => {
    const rows: Array<[string, unknown, boolean]> = [
      ['no _meta', undefined, false],
      ['ui without visibility (the default: both)', { ui: { resourceUri: 'ui://x' } }, false],
      ['app only', { ui: { visibility: ['app'] } }, true],
      ['model and app', { ui: { visibility: ['model', 'app'] } }, false],
      ['model only', { ui: { visibility: ['model'] } }, false],
      ['empty: no one', { ui: { visibility: [] } }, true],
      ['an unknown scope alone', { ui: { visibility: ['future'] } }, true],
      ['not an array', { ui: { visibility: 'app' } }, true],
      ['ui not an object', { ui: ['app'] }, false],
    ];
    const tools = rows.map(([, meta], i) => ({ name: `t${i}`, inputSchema: {}, _meta: meta }));
    const snapshot = { tools, resources: [], resourceTemplates: [], prompts: [] } as never;
    const model = buildClientModel(snapshot, { name: 'x' }, ADAPTERS);
    for (const [i, [given, , want]] of rows.entries())
      assert.equal(model.tools.find((t) => t.tool.name === `t${i}`)!.appOnly, want, given);
  });
});

describe('index.ts and catalog.json from the plan', () => {
  test('index.ts exports each tools module whole (functions, codes and types: the specs are in validators.ts)', () => {
    const tools = [
      toolModel('a', 'A', { file: 'tools/a.ts', errorCodeEnum: 'AErrorCode' }),
      toolModel('b', 'B', { file: 'tools/b.ts' }),
    ];
    const index = indexSource(clientModel(tools, {}, 'per-tool'));
    assert.doesNotMatch(index, /Spec\b|validators/);
    assert.match(
      index,
      /^export \* from "\.\/tools\/a\.js";\nexport \* from "\.\/tools\/b\.js";$/m,
    );
    // What a tools module exports is the public API, so `export *` adds nothing else.
    for (const tool of tools) {
      const model = clientModel(tools, {}, 'per-tool');
      const exported = toolsStatements(model, [tool], tool.file)
        .join('\n')
        .match(/^export (?:const|type|function) \w+/gm);
      assert.deepEqual(
        exported?.map((e) => e.split(' ').at(-1)),
        tool.errorCodeEnum
          ? [
              tool.errorCodeEnum,
              tool.errorCodeEnum,
              tool.errorType,
              tool.resultType,
              tool.functionName,
            ]
          : [tool.errorType, tool.resultType, tool.functionName],
      );
    }
    // Without the config's `guard`, none of the guard's exports (given → want, by `guard.enabled`).
    const guardRows: Array<[boolean, RegExp, boolean]> = [
      [
        false,
        /^export \{ WeatherClient, type WeatherClientOptions \} from "\.\/client\.js";$/m,
        false,
      ],
      [
        true,
        /^export \{ WeatherClient, type WeatherClientOptions, guardClient \} from "\.\/client\.js";$/m,
        true,
      ],
    ];
    for (const [enabled, client, guardExports] of guardRows) {
      const guard = { ...clientModel([], {}).guard, enabled };
      const text = indexSource(clientModel(tools, { guard }, 'per-tool'));
      assert.match(text, client, `guard ${enabled}`);
      assert.equal(
        /\bGuardErrorCode\b|\bGuardError\b|\bCatalogGuardError\b/.test(text),
        guardExports,
      );
    }
  });

  test('catalog.json: per tool its name, function, file, summary, description, result, app-only mark, annotations and fingerprint, in model order', () => {
    const tools = [
      toolModel('b-tool', 'BTool', {
        file: 'tools/b-tool.ts',
        summary: 'B.',
        description: 'B. Reads \u200b things.',
        resultKind: 'declared',
        appOnly: true,
        tool: { name: 'b-tool', inputSchema: {}, annotations: { readOnlyHint: true } },
      }),
      toolModel('a', 'A', { file: 'tools/a.ts' }),
    ];
    const catalog = JSON.parse(
      catalogSource(
        clientModel(
          tools,
          { serverInfo: { name: 'weather-example', version: '1.0.0' } },
          'per-tool',
        ),
      ),
    );
    assert.deepEqual(catalog, {
      server: { name: 'weather-example', version: '1.0.0' },
      tools: [
        {
          name: 'b-tool',
          function: 'bTool',
          file: 'tools/b-tool.ts',
          summary: 'B.',
          description: 'B. Reads \u200b things.',
          result: 'declared',
          appOnly: true,
          annotations: { readOnlyHint: true },
          fingerprint: '0000000000000000',
        },
        {
          name: 'a',
          function: 'a',
          file: 'tools/a.ts',
          summary: '',
          result: 'untyped',
          fingerprint: '0000000000000000',
        },
      ],
    });
  });

  test('catalog.json writes hidden characters as escapes: the same value, visible as text', () => {
    const text = catalogSource(
      clientModel(
        [toolModel('a', 'A', { file: 'tools/a.ts', description: 'x\u200by\u202ez' })],
        {},
        'per-tool',
      ),
    );
    assert.match(text, /"description": "x\\u200by\\u202ez"/);
    assert.doesNotMatch(text, /[\u200b\u202e]/);
  });

  test('the README example calls the safest tool by its hints, never an app-only one first', () => {
    const hinted = (name: string, annotations?: ToolAnnotations, appOnly = false) =>
      toolModel(name, name.toUpperCase(), {
        appOnly,
        tool: { name, inputSchema: {}, ...(annotations ? { annotations } : {}) },
      });
    const rows: Array<[given: string, tools: ToolModel[], want: string | undefined]> = [
      ['no tools', [], undefined],
      ['no hints: the first by name', [hinted('a'), hinted('b')], 'a'],
      [
        'read-only and closed world beats read-only, which beats a write',
        [
          hinted('a'),
          hinted('b', { readOnlyHint: true }),
          hinted('c', { readOnlyHint: true, openWorldHint: false }),
        ],
        'c',
      ],
      [
        'read-only beats not destructive',
        [hinted('a', { destructiveHint: false }), hinted('b', { readOnlyHint: true })],
        'b',
      ],
      [
        'destructiveHint defaults to true: only an explicit false ranks',
        [hinted('a', { readOnlyHint: false }), hinted('b', { destructiveHint: false })],
        'b',
      ],
      [
        'an app-only tool comes after every other',
        [
          hinted('a', { readOnlyHint: true, openWorldHint: false }, true),
          hinted('b', { destructiveHint: true }),
        ],
        'b',
      ],
    ];
    for (const [given, tools, want] of rows)
      assert.equal(exampleTool(tools)?.tool.name, want, given);
  });
});

test('catalog.json does not depend on the order a server wrote its annotations in', () => {
  const annotated = (annotations: Record<string, boolean>) =>
    catalogSource(
      clientModel(
        [
          toolModel('a', 'A', {
            file: 'tools/a.ts',
            tool: { name: 'a', inputSchema: {}, annotations },
          }),
        ],
        {},
        'per-tool',
      ),
    );
  assert.equal(
    annotated({ readOnlyHint: true, idempotentHint: false }),
    annotated({ idempotentHint: false, readOnlyHint: true }),
  );
});

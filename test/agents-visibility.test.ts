/**
 * MCP Apps visibility in every model-facing output (issue 48 §2): on fixtures/catalogs/visibility-forms.json,
 * one tool a visibility form (absent, ["model"], ["model","app"], ["app"], [], ["future"]), the tool list of
 * every model-facing file holds exactly the first three: `toolSchemas` and `classifyToolOutput`, the
 * code-mode declaration, the LangChain, Mastra and OpenAI Agents SDK tools, of the client and of an
 * aggregate over it and a server without tools (each server with its own runtime). The names are read out
 * of each file with TypeScript's parser; then the real packages run the files against `mcp-codegen mock`
 * serving the catalog: `@ai-sdk/mcp` is offered three tools where its automatic mode lists six (and the
 * aggregate's `flatToolSet` joins those three), and
 * LangChain and the Agents SDK's runner get three and call one. Mastra's run is in
 * test/agents-mastra.test.ts, whose Node 24 child it shares. Uses dist/ (the mock's bin): build first.
 */
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import ts from 'typescript';
import type { ResolvedConfig } from '../src/config/types.js';
import { generate } from '../src/generate/generate.js';
import { connectMock, mockArgs } from './helpers/mock.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';

const root = join(tmpRoot, `agents-visibility-${process.pid}`);
const FORMS = join(repoRoot, 'fixtures/catalogs/visibility-forms.json');
const EMPTY = join(repoRoot, 'fixtures/catalogs/no-tools.json');
const agents = {
  standardSchema: true,
  codeMode: true,
  langchain: true,
  mastra: true,
  openai: true,
};
/** The tools the model may see, by wire name and by function (and flat) name. */
const VISIBLE = ['model_and_app', 'model_only', 'no_visibility'];
const VISIBLE_FUNCTIONS = ['modelAndApp', 'modelOnly', 'noVisibility'];
const ALL_FUNCTIONS = ['appOnly', 'emptyVisibility', 'futureScope', ...VISIBLE_FUNCTIONS];
const LEFT_OUT = '// Left out: 3 tools the model may not see.';

const config: ResolvedConfig = {
  root,
  cache: false,
  aggregate: {
    name: 'Tools',
    out: 'g/tools',
    servers: ['forms', 'empty'],
    conflicts: 'prefix',
    agents,
  },
  servers: [
    { name: 'forms', source: { snapshot: FORMS }, out: 'g/forms', agents },
    { name: 'empty', source: { snapshot: EMPTY }, out: 'g/empty', agents },
  ],
};

before(async () => {
  await rm(root, { recursive: true, force: true });
  await generate({ config });
});
after(() => rm(root, { recursive: true, force: true }));

const text = (path: string) => readFile(join(root, 'g', path), 'utf8');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const load = (path: string): Promise<any> => import(pathToFileURL(join(root, 'g', path)).href);

/** The statements of a file, parsed. */
const parse = (source: string) =>
  ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true).statements;

const propertyNames = (object: ts.ObjectLiteralExpression | ts.TypeLiteralNode): string[] =>
  (ts.isObjectLiteralExpression(object) ? object.properties : object.members).map((p) => {
    const name = p.name!;
    if (ts.isComputedPropertyName(name)) return (name.expression as ts.StringLiteral).text;
    return (name as ts.Identifier | ts.StringLiteral).text;
  });

/** The keys of an exported const's object literal (`toolSchemas`). */
function constKeys(source: string, name: string): string[] {
  for (const s of parse(source))
    if (ts.isVariableStatement(s))
      for (const d of s.declarationList.declarations)
        if ((d.name as ts.Identifier).text === name && d.initializer)
          return propertyNames(d.initializer as ts.ObjectLiteralExpression);
  throw new Error(`no const ${name}`);
}

/** The keys of the object an exported function returns (`langchainTools`, …). */
function returnedKeys(source: string, name: string): string[] {
  const fn = parse(source).find(
    (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === name,
  );
  const returned = fn?.body?.statements.find(ts.isReturnStatement)?.expression;
  if (!returned || !ts.isObjectLiteralExpression(returned)) throw new Error(`no ${name}`);
  return propertyNames(returned);
}

/** The string labels of the `switch` in `classifyToolOutput`. */
function switchCases(source: string): string[] {
  const cases: string[] = [];
  const walk = (node: ts.Node): void => {
    if (ts.isCaseClause(node)) cases.push((node.expression as ts.StringLiteral).text);
    node.forEachChild(walk);
  };
  parse(source).forEach(walk);
  return cases;
}

/** The members of `declare const tools: { … }` (code mode). */
function declaredTools(source: string): string[] {
  for (const s of parse(source))
    if (ts.isVariableStatement(s))
      for (const d of s.declarationList.declarations)
        if ((d.name as ts.Identifier).text === 'tools' && d.type && ts.isTypeLiteralNode(d.type))
          return propertyNames(d.type);
  throw new Error('no declare const tools');
}

/** The flat names of an aggregate's `FLAT_TOOLS` rows. */
const flatRows = (source: string): string[] =>
  [...source.matchAll(/^ {2}\["(\w+)", "\w+", "[^"]*"\],$/gm)].map((m) => m[1]!);

/** The model-facing files of a client or an aggregate. */
const MODEL_FACING = [
  'schemas.ts',
  'code-mode.d.ts',
  'code-mode-declaration.ts',
  'langchain.ts',
  'mastra.ts',
  'openai-agents.ts',
];

/**
 * The tool list of each model-facing file in `folder`, as its code writes it: the keys of `toolSchemas`
 * and of what each framework function returns, and the members of code mode's `tools`.
 */
async function offeredBy(folder: string): Promise<Record<string, string[]>> {
  const keys = async (file: string, name: string) =>
    returnedKeys(await text(`${folder}/${file}`), name);
  return {
    toolSchemas: constKeys(await text(`${folder}/schemas.ts`), 'toolSchemas'),
    'code mode': declaredTools(await text(`${folder}/code-mode.d.ts`)),
    langchainTools: await keys('langchain.ts', 'langchainTools'),
    mastraTools: await keys('mastra.ts', 'mastraTools'),
    openaiAgentsTools: await keys('openai-agents.ts', 'openaiAgentsTools'),
  };
}

/** Each model-facing file of `folder` says in its header how many tools it left out, and why. */
async function saysLeftOut(folder: string): Promise<void> {
  for (const file of MODEL_FACING)
    assert.match(await text(`${folder}/${file}`), new RegExp(`^${LEFT_OUT}$`, 'm'), file);
}

test('every model-facing file of the client offers exactly the tools the model may see, and says what it left out', async () => {
  const schemas = await text('forms/schemas.ts');
  assert.deepEqual(await offeredBy('forms'), {
    toolSchemas: VISIBLE,
    'code mode': VISIBLE_FUNCTIONS,
    langchainTools: VISIBLE,
    mastraTools: VISIBLE,
    openaiAgentsTools: VISIBLE,
  });
  assert.deepEqual(switchCases(schemas), VISIBLE, 'classifyToolOutput');
  const { codeModeDeclaration } = await load('forms/code-mode-declaration.ts');
  assert.equal(codeModeDeclaration, await text('forms/code-mode.d.ts'), 'the string is the file');
  await saysLeftOut('forms');
  // What the app calls keeps every tool: the functions, the class, each tool's Standard Schema objects.
  const tools = await text('forms/tools.ts');
  const client = await text('forms/client.ts');
  for (const name of ALL_FUNCTIONS) {
    assert.match(tools, new RegExp(`^export function ${name}\\(`, 'm'), name);
    assert.match(client, new RegExp(`^ {2}${name}\\(`, 'm'), name);
    const base = name.charAt(0).toUpperCase() + name.slice(1);
    assert.match(schemas, new RegExp(`^export const ${base}InputSchema\\b`, 'm'), name);
  }
  // A server that leaves nothing out says nothing of it.
  assert.doesNotMatch(await text('empty/langchain.ts'), /Left out/);
});

test("the aggregate's model-facing files offer exactly the flat tools the model may see", async () => {
  const offered = await offeredBy('tools');
  for (const [file, names] of Object.entries(offered))
    assert.deepEqual(names, VISIBLE_FUNCTIONS, file);
  assert.deepEqual(flatRows(await text('tools/schemas.ts')), VISIBLE_FUNCTIONS, 'FLAT_TOOLS');
  await saysLeftOut('tools');
  // The class and the flat functions keep every tool.
  const index = await text('tools/index.ts');
  for (const name of ALL_FUNCTIONS)
    assert.match(index, new RegExp(`^export function ${name}\\(`, 'm'));
});

test('@ai-sdk/mcp, given toolSchemas, is offered the three tools of six, and runs one against the mock', async () => {
  const [{ createMCPClient }, { Experimental_StdioMCPTransport }, ai, { MockLanguageModelV3 }] =
    await Promise.all([
      import('@ai-sdk/mcp'),
      import('@ai-sdk/mcp/mcp-stdio'),
      import('ai'),
      import('ai/test'),
    ]);
  const { toolSchemas } = await load('forms/schemas.ts');
  const mcp = await createMCPClient({
    transport: new Experimental_StdioMCPTransport({
      command: process.execPath,
      args: mockArgs('--snapshot', FORMS),
      cwd: repoRoot,
    }),
  });
  try {
    assert.equal(Object.keys(await mcp.tools()).length, 6, 'the server lists six');
    const tools = await mcp.tools({ schemas: toolSchemas });
    assert.deepEqual(Object.keys(tools).sort(), VISIBLE);
    // The aggregate's flatToolSet (its loop in its own folder's runtime-agents.ts) joins the same three.
    const { flatToolSet } = await load('tools/schemas.ts');
    assert.deepEqual(Object.keys(flatToolSet({ forms: tools, empty: {} })), VISIBLE_FUNCTIONS);
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 1, text: 1, reasoning: undefined },
    };
    const step = (content: unknown[], unified: string) => ({
      content,
      finishReason: { unified, raw: undefined },
      usage,
      warnings: [],
    });
    const model = new MockLanguageModelV3({
      doGenerate: [
        step(
          [
            {
              type: 'tool-call',
              toolCallId: 'c',
              toolName: 'no_visibility',
              input: '{"query":"x"}',
            },
          ],
          'tool-calls',
        ),
        step([{ type: 'text', text: 'done' }], 'stop'),
      ] as never,
    });
    const result = await ai.generateText({
      model,
      tools,
      prompt: '?',
      stopWhen: ai.stepCountIs(2),
    });
    const [call] = result.steps[0]!.toolResults;
    assert.equal(call?.toolName, 'no_visibility');
    assert.ok(Array.isArray((call.output as { ids?: unknown }).ids), JSON.stringify(call.output));
  } finally {
    await mcp.close();
  }
});

test('LangChain and the Agents SDK runner get the three tools, and call one through the mock; so do the aggregate’s', async () => {
  const mock = await connectMock(['--snapshot', FORMS]);
  try {
    const { langchainTools } = await load('forms/langchain.ts');
    const chain = langchainTools(mock.client);
    assert.deepEqual(Object.keys(chain), VISIBLE);
    const found = await chain.no_visibility.invoke({ query: 'x' });
    assert.equal(found.ok, true, JSON.stringify(found));

    const { Agent, run, setTracingDisabled } = await import('@openai/agents');
    const { ScriptedModel, assistantMessage, functionCall } =
      await import('@openai/agents/testing');
    setTracingDisabled(true);
    const { openaiAgentsTools } = await load('forms/openai-agents.ts');
    const scripted = new ScriptedModel([
      [functionCall('no_visibility', { query: 'x' }, { callId: 'c' })],
      [assistantMessage('done')],
    ]);
    const agent = new Agent({
      name: 'forms',
      model: scripted,
      tools: Object.values(openaiAgentsTools(mock.client)) as never,
    });
    const ran = await run(agent, 'go');
    assert.equal(ran.finalOutput, 'done');
    const offered = (scripted.firstCall!.request.tools as Array<{ name: string }>).map(
      (t) => t.name,
    );
    assert.deepEqual(offered.sort(), VISIBLE);
    const output = ran.newItems.find(
      (item) => item.type === 'tool_call_output_item',
    ) as unknown as {
      output: unknown;
    };
    assert.ok(Array.isArray((output.output as { ids?: unknown }).ids), JSON.stringify(output));

    // The aggregate's are the servers' own tools under their flat names: the forms server's three.
    const aggregate = await load('tools/langchain.ts');
    const flat = aggregate.langchainTools({ forms: mock.client, empty: mock.client });
    assert.deepEqual(Object.keys(flat), VISIBLE_FUNCTIONS);
    assert.equal((await flat.noVisibility.invoke({ query: 'y' })).ok, true);
  } finally {
    await mock.close();
  }
});

import type { AggregateAdapterModel, AggregateModel } from '../../model/aggregate-types.js';
import { standardSchemaPlan } from '../../model/adapters/standard-schema.js';
import { outputUnion } from '../../model/schema-objects.js';
import type { ClientModel, ToolModel } from '../../model/types.js';
import { jsDoc } from '../print/print.js';
import { docs, str } from '../print/text.js';
import { inputParameterType } from '../client/tool-function.js';
import { oneFileAdapter, type Adapter } from './adapter.js';
import { serverImports, serversOffering, wireKey } from './adapter-text.js';

/**
 * The print half of config `agents.standardSchema`. `schemas.ts`: per tool a Standard Schema object
 * for its input and, when it declares an outputSchema, its output (templates/runtime-standard.ts says
 * which specs they follow); `toolSchemas`, keyed by wire name, in the shape `@ai-sdk/mcp`'s
 * `tools({ schemas })` takes; and `classifyToolOutput`, which types what such a tool's `execute`
 * returned. Each object is one `/* @__PURE__ *\/` call that only allocates, over the validator of
 * validators.ts (whose schema is the one data copy), so a bundler drops those an app does not use,
 * and importing the file does no work. Written as it is: prettier overflows its stack on deeply
 * nested schemas.
 */
export const standardSchemaAdapter: Adapter = oneFileAdapter(standardSchemaPlan, {
  role: 'schemas',
  format: false,
  statements: schemasStatements,
  aggregate: aggregateSchemas,
  aggregateIndexExports: (_model, adapter) => [
    `export { flatToolSet, toolSchemas, type ${adapter.names.toolSets!} } from './schemas.js';`,
  ],
});

// Every tool's objects, for the app's own use; the keyed maps hold the tools the model may see.
function schemasStatements(offered: readonly ToolModel[], model: ClientModel): string[] {
  return [
    ...model.tools.flatMap(schemaObjects),
    toolSchemasConst(offered),
    classifyFunction(offered),
  ];
}

// Written as prettier would, not by it: a deeply nested schema overflows prettier's stack.
const INDENT = '  ';

const pure = (validator: string, type: string) =>
  `/* @__PURE__ */ standardSchema<${type}>(validators.${validator})`;

function schemaObjects(tool: ToolModel): string[] {
  const names = tool.schemaObjects!;
  const name = str(tool.tool.name);
  const input = inputParameterType(tool);
  const out = [
    `${jsDoc(docs(`Standard Schema (and Standard JSON Schema) of the input of ${name}: validates arguments as the server's inputSchema says.`))}export const ${names.input}: StandardToolSchema<${input}> = ${pure(tool.inputValidator!, input)};`,
  ];
  if (names.output && names.outputValidator && names.outputValidationSchema) {
    const output = outputUnion(tool.branches);
    out.push(
      `${jsDoc(docs(`Standard Schema (and Standard JSON Schema) of what ${name} sends as \`structuredContent\`: any branch of its outputSchema, coded error envelopes included (\`classifyToolOutput\` tells them apart).`))}export const ${names.output}: StandardToolSchema<${output}> = ${pure(names.outputValidator, output)};`,
    );
  }
  return out;
}

function toolSchemasConst(tools: readonly ToolModel[]): string {
  const members = (of: (t: ToolModel, key: string) => string) =>
    tools.map((t) => `${INDENT}${of(t, t.schemaObjects!.output ? 'outputSchema' : '')}`).join('\n');
  const type = members((t, out) => {
    const s = t.schemaObjects!;
    return `readonly ${str(t.tool.name)}: { readonly inputSchema: typeof ${s.input};${out ? ` readonly outputSchema: typeof ${s.output};` : ''} };`;
  });
  const value = members((t, out) => {
    const s = t.schemaObjects!;
    return `${wireKey(t.tool.name)}: { inputSchema: ${s.input}${out ? `, outputSchema: ${s.output}` : ''} },`;
  });
  const doc = docs(
    "Every tool's Standard Schema objects by wire name: `mcp.tools({ schemas: toolSchemas })` (`@ai-sdk/mcp`) gives typed `execute` inputs and outputs. A name the server does not list is a compile error.",
  );
  return `${jsDoc(doc)}export const toolSchemas: {\n${type}\n} = {\n${value}\n};`;
}

function classifyFunction(tools: readonly ToolModel[]): string {
  const results = tools.map((t) => `${INDENT}${str(t.tool.name)}: ${t.resultType};`).join('\n');
  const cases = tools.map(
    (t) =>
      `case ${str(t.tool.name)}:\n${INDENT}${INDENT}return classifyOutput(validators.${t.specName}, output) as never;`,
  );
  const doc = docs(
    "What an AI SDK tool of `toolSchemas` returned, as the tool function's typed result: `ok: false` with its code for an `isError` result (which `@ai-sdk/mcp` returns raw, typed as the output) or a coded error envelope, else `ok: true` with the data.",
  );
  const fail = `default:\n${INDENT.repeat(3)}throw new TypeError(\`classifyToolOutput: no tool \${JSON.stringify(name)}\`);`;
  const body = [...cases, fail].map((c) => `${INDENT.repeat(2)}${c}\n`).join('');
  return `${jsDoc(doc)}export function classifyToolOutput<Name extends keyof typeof toolSchemas>(\n${INDENT}name: Name,\n${INDENT}${tools.length ? 'output' : '_output'}: unknown,\n): {\n${results}\n}[Name] {\n${INDENT}switch (name as string) {\n${body}${INDENT}}\n}`;
}

/**
 * The aggregate's schemas.ts: `toolSchemas` by flat name, each entry its server's own
 * (`notes.toolSchemas[wire name]`), and `flatToolSet`.
 */
function aggregateSchemas(
  model: AggregateModel,
  adapter: AggregateAdapterModel,
  header: string,
): string {
  const { offered } = adapter;
  const used = serversOffering(model, offered);
  const entry = (f: (typeof offered)[number]) =>
    `${f.server.key}.toolSchemas[${str(f.tool.tool.name)}]`;
  return [
    header,
    ...serverImports(used),
    `import { joinToolSets } from ${str(adapter.runtime['runtime-agents.ts']!)};`,
    '',
    "/** Every flat tool's Standard Schema objects, keyed by the flat name the conflict policy chose: each is its server's own (`notes.toolSchemas[wire name]`). */",
    'export const toolSchemas: {',
    ...offered.map(
      (f) =>
        `  readonly ${str(f.name)}: (typeof ${f.server.key}.toolSchemas)[${str(f.tool.tool.name)}];`,
    ),
    '} = {',
    ...offered.map((f) => `  ${str(f.name)}: ${entry(f)},`),
    '};',
    '',
    ...flatToolSetSource(adapter, used),
  ].join('\n');
}

/**
 * `flatToolSet` of an aggregate's schemas.ts: the AI SDK gives one tool set per MCP client, keyed by
 * the server's wire names (`await notesMcp.tools({ schemas: notes.toolSchemas })`), so two servers'
 * `search` would overwrite each other in one `tools` object. This joins the sets under the flat names
 * the conflict policy chose, each entry the set's own tool (`joinToolSets` of
 * templates/runtime-agents.ts). It is typed over any tool type and imports nothing of the AI SDK, so
 * the generated code needs no framework; every name is the planner's, and the wire names reach the
 * code as string literals only.
 */
function flatToolSetSource(
  adapter: AggregateAdapterModel,
  servers: AggregateModel['servers'],
): string[] {
  const toolSetsType = adapter.names.toolSets!;
  const sets = servers.map(
    (s) =>
      `  readonly ${s.key}: { readonly [Name in keyof typeof ${s.key}.toolSchemas]?: unknown };`,
  );
  const members = adapter.offered.map(
    (f) => `  readonly ${str(f.name)}: S[${str(f.server.key)}][${str(f.tool.tool.name)}];`,
  );
  const rows = adapter.offered.map(
    (f) => `  [${str(f.name)}, ${str(f.server.key)}, ${str(f.tool.tool.name)}],`,
  );
  return [
    `/** One AI SDK tool set per server, keyed by its tools' wire names: what \`await mcp.tools({ schemas: <server>.toolSchemas })\` gives for that server's MCP client. */`,
    `export interface ${toolSetsType} {`,
    ...sets,
    '}',
    '',
    '/** Each flat name, with the server and the wire name of the tool it stands for. */',
    `const FLAT_TOOLS: ReadonlyArray<readonly [string, keyof ${toolSetsType}, string]> = [`,
    ...rows,
    '];',
    '',
    '/**',
    " * The servers' tool sets as one, keyed by the flat names the conflict policy chose, each entry the",
    " * set's own tool: `generateText({ model, tools: flatToolSet({ notes: await notesMcp.tools({ schemas:",
    ' * notes.toolSchemas }), … }) })`. A tool a set does not have is left out.',
    ' */',
    `export function flatToolSet<const S extends ${toolSetsType}>(sets: S): {`,
    ...members,
    '} {',
    '  return joinToolSets(FLAT_TOOLS, sets) as never;',
    '}',
    '',
  ];
}

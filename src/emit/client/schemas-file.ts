import { outputUnion } from '../../model/agents.js';
import type { ClientModel, ToolModel } from '../../model/types.js';
import { importText } from '../print/imports.js';
import { jsDoc } from '../print/print.js';
import { docs, str } from '../print/text.js';
import { inputParameterType } from './tool-function.js';

/**
 * `schemas.ts` (config `agents.standardSchema`): per tool a Standard Schema object for its input and,
 * when it declares an outputSchema, its output (templates/runtime-standard.ts says which specs they
 * follow); `toolSchemas`, keyed by wire name, in the shape `@ai-sdk/mcp`'s `tools({ schemas })`
 * takes; and `classifyToolOutput`, which types what such a tool's `execute` returned.
 * Each object is one `/* @__PURE__ *\/` call that only allocates, over the validator of validators.ts
 * (whose schema is the one data copy), so a bundler drops those an app does not use, and importing
 * the file does no work.
 */
export function schemasStatements(model: ClientModel): string[] {
  const file = model.files.schemas;
  if (file === undefined) return [];
  const statements = (model.modules[file] ?? []).map(importText);
  const tools = model.tools.filter((t) => t.standardSchema !== undefined);
  for (const tool of tools) statements.push(...schemaObjects(tool));
  statements.push(toolSchemasConst(tools), classifyFunction(tools));
  return statements;
}

// Written as prettier would, not by it: a deeply nested schema overflows prettier's stack.
const INDENT = '  ';

const pure = (validator: string, type: string) =>
  `/* @__PURE__ */ standardSchema<${type}>(validators.${validator})`;

function schemaObjects(tool: ToolModel): string[] {
  const names = tool.standardSchema!;
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

// A wire name as a property key: quoted, and computed for `__proto__`, which would set the prototype.
const valueKey = (name: string) => (name === '__proto__' ? `[${str(name)}]` : str(name));

function toolSchemasConst(tools: readonly ToolModel[]): string {
  const members = (of: (t: ToolModel, key: string) => string) =>
    tools
      .map((t) => `${INDENT}${of(t, t.standardSchema!.output ? 'outputSchema' : '')}`)
      .join('\n');
  const type = members((t, out) => {
    const s = t.standardSchema!;
    return `readonly ${str(t.tool.name)}: { readonly inputSchema: typeof ${s.input};${out ? ` readonly outputSchema: typeof ${s.output};` : ''} };`;
  });
  const value = members((t, out) => {
    const s = t.standardSchema!;
    return `${valueKey(t.tool.name)}: { inputSchema: ${s.input}${out ? `, outputSchema: ${s.output}` : ''} },`;
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

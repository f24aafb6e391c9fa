import type { DocsPlan } from '../model/docs-plan.js';
import type { ClientModel, ToolModel } from '../model/types.js';
import { generatedValue } from '../schema/example-data.js';
import { schemaCheck } from '../schema/schema-check.js';
import { fromOwnEntries } from '../schema/walk.js';
import { isObject, type JsonValue } from '../shared/json.js';
import { literal, quote } from './code-text.js';

/**
 * The seed of the example arguments: the mock's default (`mcp-codegen mock --seed 1`), so a reader
 * who runs the mock sees data generated the same way.
 */
const SEED = 1;

export interface Example {
  code: string;
  /** Why the call shows no arguments from the schema, when it does not. */
  note?: string;
}

/**
 * The code the docs show: how to make the client (`usage`), and per tool a call through it with
 * arguments generated from its input schema by the mock's seeded generator (json-schema-faker,
 * seed 1) and checked against the whole schema: the same arguments on every run and machine.
 * Values reach the code only through `JSON.stringify` (code-text.ts); the method and variables
 * are the planner's identifiers.
 */
export function exampleCode(
  model: ClientModel,
  plan: DocsPlan,
  importPath: string,
): { usage: string; examples: Example[] } {
  return {
    usage: clientUsage(model, plan, importPath),
    examples: model.tools.map((tool) => exampleCall(tool, plan)),
  };
}

function exampleCall(tool: ToolModel, plan: DocsPlan): Example {
  const args = exampleArguments(tool);
  const head = `const result = await ${plan.clientVariable}.${tool.method}(`;
  const noArgs = args !== undefined && Object.keys(args).length === 0 && tool.inputOptional;
  const argument = args === undefined ? 'input' : noArgs ? '' : literal(args, head.length + 2);
  const lines = [
    `${head}${argument});`,
    'if (result.ok) console.log(result.data);',
    'else console.error(result.error.code, result.error.message);',
  ];
  return args === undefined
    ? {
        code: lines.join('\n'),
        note: `No arguments generated from the input schema passed it: input stands for a value of ${tool.inputType}.`,
      }
    : { code: lines.join('\n') };
}

/**
 * Arguments valid against the tool's input schema, or undefined when none could be made. The
 * schema's own defaults and examples come first; a fraction is shown to two places when that
 * still passes (`12.5`, not `12.483920173`).
 */
export function exampleArguments(tool: ToolModel): Record<string, unknown> | undefined {
  const input = tool.tool.inputSchema;
  const check = schemaCheck(input);
  const value = generatedValue(input, check, SEED, tool.tool.name, {}, true);
  if (!isObject(value)) return undefined;
  const rounded = roundFractions(value) as Record<string, unknown>;
  return check(rounded).length === 0 ? rounded : value;
}

function roundFractions(value: unknown): unknown {
  if (typeof value === 'number' && !Number.isInteger(value)) return Math.round(value * 100) / 100;
  if (Array.isArray(value)) return value.map(roundFractions);
  if (isObject(value))
    return fromOwnEntries(
      Object.entries(value).map(([k, v]) => [k, roundFractions(v) as JsonValue]),
    );
  return value;
}

/** The lines that make the client the examples call: its import and its construction. */
function clientUsage(model: ClientModel, plan: DocsPlan, importPath: string): string {
  return [
    `import { ${model.className} } from ${quote(importPath)};`,
    '',
    `// ${plan.sdkVariable}: a connected Client of @modelcontextprotocol/client (SDK v2) or @modelcontextprotocol/sdk (v1)`,
    `const ${plan.clientVariable} = new ${model.className}(${plan.sdkVariable});`,
  ].join('\n');
}

import type { DocsPlan } from '../model/docs-plan.js';
import type { ClientModel, ToolModel } from '../model/types.js';
import { generatedValue } from '../schema/example-data.js';
import { schemaCheck } from '../schema/schema-check.js';
import { fromOwnEntries } from '../schema/walk.js';
import { isObject, type JsonValue } from '../shared/json.js';

/**
 * The seed of the example arguments: the mock's default (`mcp-codegen mock --seed 1`), so a reader
 * who runs the mock sees data generated the same way.
 */
const SEED = 1;

/** Marks where one example ends in the text prettier formats at once: a comment, never in a string. */
const MARK = '// mcp-codegen-docs-example';

export interface Example {
  code: string;
  /** Why the call shows no arguments from the schema, when it does not. */
  note?: string;
}

/**
 * The code the docs show: how to make the client (`usage`), and per tool a call through it with
 * arguments generated from its input schema by the mock's seeded generator (json-schema-faker,
 * seed 1) and checked against the whole schema: the same arguments on every run and machine.
 * Arguments reach the code only through `JSON.stringify`; the method and variables are the
 * planner's identifiers. Everything is laid out by one prettier run (fixed options), then split
 * at the marks.
 */
export async function exampleCode(
  model: ClientModel,
  plan: DocsPlan,
  importPath: string,
): Promise<{ usage: string; examples: Example[] }> {
  const drafts = [
    { code: clientUsage(model, plan, importPath) },
    ...model.tools.map((tool) => draft(tool, plan)),
  ];
  const { format } = await import('prettier');
  const text = drafts.map((d, i) => `${MARK} ${i}\n${d.code}`).join('\n');
  const formatted = await format(text, {
    parser: 'typescript',
    printWidth: 80,
    singleQuote: true,
  });
  const codes = formatted.split(new RegExp(`^${MARK} \\d+\\n`, 'm')).slice(1);
  const [usage, ...examples] = drafts.map((d, i) => ({
    code: (codes[i] ?? d.code).trim(),
    ...(d.note ? { note: d.note } : {}),
  }));
  return { usage: usage!.code, examples };
}

function draft(tool: ToolModel, plan: DocsPlan): { code: string; note?: string } {
  const args = exampleArguments(tool);
  const call = `${plan.clientVariable}.${tool.method}`;
  const noArgs = args !== undefined && Object.keys(args).length === 0 && tool.inputOptional;
  const argument = args === undefined ? 'input' : noArgs ? '' : JSON.stringify(args);
  const lines = [
    `const result = await ${call}(${argument});`,
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
function exampleArguments(tool: ToolModel): Record<string, unknown> | undefined {
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
    `import { ${model.className} } from ${JSON.stringify(importPath)};`,
    '',
    `// ${plan.sdkVariable}: a connected Client of @modelcontextprotocol/client (SDK v2) or @modelcontextprotocol/sdk (v1)`,
    `const ${plan.clientVariable} = new ${model.className}(${plan.sdkVariable});`,
  ].join('\n');
}

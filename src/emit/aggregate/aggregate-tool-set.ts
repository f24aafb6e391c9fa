import type { AggregateModel } from '../../model/aggregate.js';
import { str } from '../print/text.js';

/**
 * `flatToolSet` of an aggregate's schemas.ts: the AI SDK gives one tool set per MCP client, keyed by
 * the server's wire names (`await notesMcp.tools({ schemas: notes.toolSchemas })`), so two servers'
 * `search` would overwrite each other in one `tools` object. This joins the sets under the flat names
 * the conflict policy chose, each entry the set's own tool. It is typed over any tool type and imports
 * nothing of the AI SDK, so the generated code needs no framework; every name is the planner's, and
 * the wire names reach the code as string literals only.
 */
export function flatToolSetSource(model: AggregateModel): string[] {
  const { toolSetsType, servers, flat } = model;
  const sets = servers.map(
    (s) =>
      `  readonly ${s.key}: { readonly [Name in keyof typeof ${s.key}.toolSchemas]?: unknown };`,
  );
  const members = flat.map(
    (f) => `  readonly ${str(f.name)}: S[${str(f.server.key)}][${str(f.tool.tool.name)}];`,
  );
  const rows = flat.map(
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
    '  const joined: Record<string, unknown> = {};',
    '  for (const [name, server, tool] of FLAT_TOOLS) {',
    '    const set: object = sets[server];',
    '    if (Object.prototype.hasOwnProperty.call(set, tool))',
    '      joined[name] = (set as Record<string, unknown>)[tool];',
    '  }',
    '  return joined as never;',
    '}',
    '',
  ];
}

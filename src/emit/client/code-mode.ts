import { outputUnion } from '../../model/agents.js';
import type { ClientModel, ToolModel } from '../../model/types.js';
import { jsDoc } from '../print/print.js';
import { toolDocs } from './tool-function.js';

/**
 * The code-mode declaration (config `agents.codeMode`): what an agent sandbox (`@cloudflare/codemode`,
 * `@ai-sdk/code-mode`) hands a model that writes code against `declare const tools: { … }`. One typed
 * function a tool, named as the generated functions are, with the tool's doc comment. It imports
 * nothing: the schema types sit in a global namespace, so the file compiles alone under `tsc --strict`.
 */
export function codeModeDeclaration(model: ClientModel, header: string, typesText: string): string {
  const namespace = model.agents?.codeModeNamespace;
  if (namespace === undefined) return '';
  const members = model.tools.map((t) => codeModeMember(t, namespace)).join('\n');
  return [
    header,
    '// The tools of this server, for code an agent writes (code mode): a script, so `tools` is global.',
    ...codeModeNamespace(namespace, typesText),
    '',
    'declare const tools: {',
    members,
    '};',
    '',
  ].join('\n');
}

/** The server's schema types, and the result type of a tool without an outputSchema, in its namespace. */
export function codeModeNamespace(namespace: string, typesText: string): string[] {
  // types.ts declares only `export interface` and `export type`: valid inside a namespace as they are.
  const types = body(typesText);
  return [
    `declare namespace ${namespace} {`,
    ...types.map((l) => (l ? `  ${l}` : l)),
    ...(types.length ? [''] : []),
    '  /** What a tool without an outputSchema answers: its content blocks, as sent. */',
    '  interface CallToolResult {',
    '    content: Array<{ type: string; text?: string; [key: string]: unknown }>;',
    '    structuredContent?: { [key: string]: unknown };',
    '    isError?: boolean;',
    '  }',
    '}',
  ];
}

/** One member of `declare const tools`: `name` is the tool's function name, or the flat name an aggregate chose. */
export function codeModeMember(
  tool: ToolModel,
  namespace: string,
  name = tool.functionName,
): string {
  const input =
    tool.inputKind === 'object' ? `${namespace}.${tool.inputType}` : '{ [key: string]: unknown }';
  const output = tool.outputType
    ? outputUnion(tool.branches)
        .split(' | ')
        .map((t) => `${namespace}.${t}`)
        .join(' | ')
    : `${namespace}.CallToolResult`;
  const optional = tool.inputOptional ? '?' : '';
  return `${jsDoc(toolDocs(tool), '  ')}  ${name}: (input${optional}: ${input}) => Promise<${output}>;`;
}

/**
 * The lines of the types text, indented by nesting: json-schema-to-typescript writes members flush left
 * (prettier indents types.ts later, but this text is read as it is, by a model). A line ending in `{`
 * opens a level and one starting with `}` closes it; comment lines never change the level.
 */
function body(typesText: string): string[] {
  const lines = typesText.replace(/\s+$/, '').split('\n');
  if (lines[0] === '' && lines.length === 1) return [];
  let depth = 0;
  return lines.map((raw) => {
    const line = raw.trim();
    const comment = /^(\/\*\*|\*|\/\/)/.test(line);
    if (!comment && /^[}\]]/.test(line)) depth = Math.max(0, depth - 1);
    const out = line
      ? `${'  '.repeat(depth)}${comment && line.startsWith('*') ? ' ' : ''}${line}`
      : '';
    if (!comment && /[{[]$/.test(line)) depth++;
    return out;
  });
}

/** `code-mode-declaration.ts`: the declaration as a string, written as a template literal so that it reads as the file does. */
export function codeModeTextSource(header: string, declaration: string): string {
  const literal = declaration.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return `${header}\n/** The text of code-mode.d.ts: the tools as \`declare const tools: { … }\`, for a model writing code against them. */\nexport const codeModeDeclaration: string = \`${literal}\`;\n`;
}

import { readFileSync } from 'node:fs';
import type { AggregateAdapterModel, AggregateModel } from '../../model/aggregate-types.js';
import { codeModePlan } from '../../model/adapters/code-mode.js';
import { outputUnion } from '../../model/schema-objects.js';
import type { AdapterModel, ToolModel } from '../../model/types.js';
import { oneLineDocs } from '../print/doc-lines.js';
import { paragraphs } from '../print/paragraphs.js';
import { jsDoc } from '../print/print.js';
import { toolDocs } from '../client/tool-function.js';
import type { Adapter, AdapterFile } from './adapter.js';

/**
 * The print half of config `agents.codeMode`: the code-mode declaration, what an agent sandbox
 * (`@cloudflare/codemode`, `@ai-sdk/code-mode`) hands a model that writes code against
 * `declare const tools: { … }`. One typed function a tool, named as the generated functions are, with
 * the tool's doc comment. It imports nothing: the schema types sit in a global namespace, so the file
 * compiles alone under `tsc --strict`. Both files are written as they are, so that the string is the
 * file byte for byte.
 */
export const codeModeAdapter: Adapter = {
  ...codeModePlan,
  format: false,
  emit: (_model, adapter, header, typesText) =>
    declarationFiles(adapter.files, header, codeModeDeclaration(adapter, header, typesText)),
  emitAggregate: async (model, adapter, header) =>
    declarationFiles(adapter.files, header, await aggregateDeclaration(model, adapter, header)),
  aggregateIndexExports: () => [
    `export { codeModeDeclaration } from './code-mode-declaration.js';`,
  ],
};

// The declaration, and the module that exports it as a string.
function declarationFiles(
  files: Record<string, string>,
  header: string,
  declaration: string,
): AdapterFile[] {
  return [
    { path: files.declaration!, content: declaration, format: false },
    { path: files.text!, content: codeModeTextSource(header, declaration), format: false },
  ];
}

/** A client's declaration: its tools under their function names. */
function codeModeDeclaration(adapter: AdapterModel, header: string, typesText: string): string {
  const namespace = adapter.names.namespace!;
  const members = adapter.offered.map((t) => codeModeMember(t, namespace)).join('\n');
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
function codeModeNamespace(namespace: string, typesText: string): string[] {
  // types.ts declares only `export interface` and `export type`: valid inside a namespace as they are.
  const types = body(typesText);
  return [
    `declare namespace ${namespace} {`,
    ...types.map((l) => (l ? `  ${l}` : l)),
    ...(types.length ? [''] : []),
    ...resultDeclaration().map((l) => (l ? `  ${l}` : l)),
    '}',
  ];
}

const RESULT_TEMPLATE = new URL('../../../templates/code-mode-result.ts', import.meta.url);
let resultLines: string[] | undefined;

/**
 * `CallToolResult`, as templates/code-mode-result.ts declares it (there `tsc` checks it): its last doc
 * comment to the end, without `export`. Read once.
 */
function resultDeclaration(): string[] {
  if (resultLines === undefined) {
    const text = readFileSync(RESULT_TEMPLATE, 'utf8').trimEnd();
    resultLines = text
      .slice(text.lastIndexOf('\n/**') + 1)
      .replace(/^export /m, '')
      .split('\n');
  }
  return resultLines;
}

/** One member of `declare const tools`: `name` is the tool's function name, or the flat name an aggregate chose. */
function codeModeMember(tool: ToolModel, namespace: string, name = tool.functionName): string {
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
function codeModeTextSource(header: string, declaration: string): string {
  const literal = declaration.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return `${header}\n/** The text of code-mode.d.ts: the tools as \`declare const tools: { … }\`, for a model writing code against them. */\nexport const codeModeDeclaration: string = \`${literal}\`;\n`;
}

/** An aggregate's declaration: each server's types in its namespace, the tools under their flat names. */
async function aggregateDeclaration(
  model: AggregateModel,
  adapter: AggregateAdapterModel,
  header: string,
): Promise<string> {
  const namespaceOf = (s: AggregateModel['servers'][number]): string => {
    const namespace = s.model.adapters.find((a) => a.key === adapter.key)?.names.namespace;
    if (namespace === undefined) throw new Error(`code mode is off for server ${s.serverName}`);
    return namespace;
  };
  // Loaded here: the table of adapters is read where json-schema-to-typescript is not needed (diff --impact).
  const { compileDefinitions } = await import('../../schema/compile.js');
  const namespaces = await Promise.all(
    model.servers.map(async (s) =>
      codeModeNamespace(
        namespaceOf(s),
        paragraphs(oneLineDocs(await compileDefinitions(s.model.definitions))),
      ),
    ),
  );
  return [
    header,
    '// The tools of these servers, for code an agent writes (code mode): a script, so `tools` is global.',
    ...namespaces.flatMap((lines) => [...lines, '']),
    'declare const tools: {',
    ...adapter.offered.map((f) => codeModeMember(f.tool, namespaceOf(f.server), f.name)),
    '};',
    '',
  ].join('\n');
}

import type { ClientModel } from '../model/types.js';
import { moduleSpecifier } from './paths.js';

/**
 * `index.ts`: the public API, name by name. Tool functions, error-code objects and result types are
 * exported; specs are not (they are the runtime's input, not the user's).
 */
export function indexSource(model: ClientModel): string {
  const file = model.files.index;
  const from = (to: string) => `'${moduleSpecifier(file, to)}'`;
  const helperTypes = [
    ...model.templates.map((t) => `type ${t.variablesType}`),
    ...model.prompts.map((p) => `type ${p.argumentsType}`),
  ];
  const lines = [
    `export { ${[model.className, `type ${model.optionsTypeName}`, ...helperTypes].join(', ')} } from ${from(model.files.client)};`,
  ];
  const byFile = new Map<string, string[]>();
  for (const t of model.tools) {
    byFile.set(t.file, [
      ...(byFile.get(t.file) ?? []),
      t.functionName,
      t.errorCodeEnum,
      `type ${t.errorType}`,
      `type ${t.resultType}`,
    ]);
  }
  for (const [to, names] of [...byFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    lines.push(`export { ${names.join(', ')} } from ${from(to)};`);
  const runtime = from(model.files.runtime);
  lines.push(
    `export type * from ${from(model.files.types)};`,
    `export { McpProtocolError, OutputEraMismatchError, RuntimeErrorCode, ToolCallError, unwrap } from ${runtime};`,
    // The content block types too: `data.content` of a tool without an outputSchema is narrowed on them.
    `export type { AudioContent, CallToolResult, ContentBlock, EmbeddedResource, ImageContent, InvokeOptions, McpClientLike, ProtocolEra, RequestOptions, ResourceLink, TextContent, ToolContent, ToolError, ToolResult, ValidationIssue } from ${runtime};`,
    '',
  );
  return lines.join('\n');
}

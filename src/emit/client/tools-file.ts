import type { ClientModel, ToolModel } from '../../model/types.js';
import { importText } from '../print/imports.js';
import { INDENT, hanging } from '../print/print.js';
import { resultTypeArguments } from './result-types.js';
import { toolFunction, typeRef } from './tool-function.js';
import { lineText, str } from '../print/text.js';

/**
 * The statements of a tools module (`tools.ts`, or one `tools/<tool>.ts` per tool): per tool its
 * function, error codes, error and result types, the public API and nothing else (its spec is in
 * validators.ts), so index.ts re-exports the module whole. Every declaration is a plain
 * `export const`/`function`/type with no top-level call, so a bundler drops the tools an app does not import.
 */
export function toolsStatements(
  model: ClientModel,
  tools: readonly ToolModel[],
  file: string,
): string[] {
  const coded = tools.some((t) => t.errorCodeEnum !== undefined);
  const statements = [toolsNote(coded), ...(model.modules[file] ?? []).map(importText)];
  for (const tool of tools) statements.push(...toolStatements(tool, model));
  return statements;
}

/**
 * What every tool's declarations are, said once a file rather than in a doc comment on each that
 * differs only by the tool's name (the runtime's `ToolResult` and `ToolContent` say the rest where an
 * editor shows them). The error codes' line only where a tool of the file declares codes.
 */
function toolsNote(coded: boolean): string {
  return [
    ...(coded
      ? [
          "// Per tool: `<Tool>ErrorCode` where it declares codes (the runtime's own: `RuntimeErrorCode`),",
          '// `<Tool>Error` (narrow on `code`), `<Tool>Result` (what a call resolves to: see `ToolResult`)',
        ]
      : [
          '// Per tool: `<Tool>Error` (narrow on `code`), `<Tool>Result` (what a call resolves to: see `ToolResult`)',
        ]),
    "// and the function, which hands the runtime the tool's spec from validators.ts.",
  ].join('\n');
}

const exportConst = (name: string, initializer: string, type?: string) =>
  `export const ${name}${type ? `: ${type}` : ''} = ${hanging(initializer, INDENT)};`;
const exportType = (name: string, type: string) =>
  `export type ${name} = ${hanging(type, INDENT)};`;

function toolStatements(tool: ToolModel, model: ClientModel): string[] {
  const { data, alt, error } = resultTypeArguments(tool, model.guard.enabled, (name) =>
    typeRef(model, name),
  );
  return [
    ...errorCodeStatements(tool),
    // Every tool gets its `<Tool>Error`, a one-line alias of `RuntimeError<…>` when it declares no code:
    // each tool then has the same names, and a code the server adds later changes this line, not the
    // names a user's code imports. It and the result have no doc of their own: toolsNote says what they
    // are, once a file.
    exportType(tool.errorType, error),
    exportType(tool.resultType, `ToolResult<${data}, ${alt}, ${tool.errorType}>`),
    toolFunction(tool, model),
  ];
}

/** The codes the tool declares, as an object and its union type; none for a tool that declares none. */
function errorCodeStatements(tool: ToolModel): string[] {
  const enumName = tool.errorCodeEnum;
  if (enumName === undefined) return [];
  const codes = tool.errorCodes
    .map(
      (c) =>
        `${c.description ? `/** ${lineText(c.description)} */ ` : ''}${c.member}: ${str(c.code)},`,
    )
    .join(' ');
  return [
    exportConst(enumName, `{ ${codes} } as const`),
    exportType(enumName, `(typeof ${enumName})[keyof typeof ${enumName}]`),
  ];
}

import type { ToolModel } from '../model/types.js';
import { RUNTIME_ERROR_CODES } from '../model/build.js';
import { str } from './text.js';

/**
 * The three type arguments of a tool's `ToolResult<Data, Alt, Err>`: the documented payload, the
 * alternatives told apart by `variant`, and the error union (one member per code, with its envelope
 * type as `details` when the schema declares one, and one per runtime code). Shared by the result type alias and the method's `invokeTool` call.
 */
export function resultTypeArguments(tool: ToolModel): { data: string; alt: string; error: string } {
  const alternatives = tool.branches.filter((b) => b.kind === 'alternative');
  // One member per code, the runtime's included: `switch (error.code)` then narrows the whole error,
  // so a `default: error satisfies never` compiles for every tool, with or without declared codes.
  const members = [
    ...tool.errorCodes.map(
      (c) => `ToolError<${str(c.code)}, ${c.detailsType ?? 'Record<string, unknown>'}>`,
    ),
    ...Object.values(RUNTIME_ERROR_CODES).map((code) => `ToolError<${str(code)}, unknown>`),
  ];
  return {
    // No outputSchema: the runtime's `ToolContent` (text, parsed JSON, the content blocks).
    data: tool.outputType ?? 'ToolContent',
    alt: alternatives.length
      ? alternatives.map((b) => `{ variant: ${str(b.variant!)}; data: ${b.typeName} }`).join(' | ')
      : 'never',
    error: members.join(' | '),
  };
}

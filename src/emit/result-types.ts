import type { ToolModel } from '../model/types.js';
import { str } from './text.js';

/**
 * The three type arguments of a tool's `ToolResult<Data, Alt, Err>`: the documented payload, the
 * alternatives told apart by `variant`, and the error union (one member per envelope type, plus the
 * runtime's own codes). Shared by the result type alias and the method's `invokeTool` call.
 */
export function resultTypeArguments(tool: ToolModel): { data: string; alt: string; error: string } {
  const alternatives = tool.branches.filter((b) => b.kind === 'alternative');
  const byDetails = new Map<string, string[]>();
  for (const code of tool.errorCodes) {
    const details = code.detailsType ?? 'Record<string, unknown>';
    byDetails.set(details, [...(byDetails.get(details) ?? []), str(code.code)]);
  }
  return {
    data: tool.outputType ?? 'unknown',
    alt: alternatives.length ? alternatives.map((b) => `{ variant: ${str(b.variant!)}; data: ${b.typeName} }`).join(' | ') : 'never',
    error: [...[...byDetails].map(([details, codes]) => `ToolError<${codes.join(' | ')}, ${details}>`), 'ToolError<RuntimeErrorCode, unknown>'].join(' | '),
  };
}

import type { ToolModel } from '../../model/types.js';
import { str } from '../print/text.js';

/**
 * The three type arguments of a tool's `ToolResult<Data, Alt, Err>`: the documented payload, the
 * alternatives told apart by `variant`, and the error union: one member per declared code (with its
 * envelope type as `details` when the schema declares one), then the runtime's errors by one name,
 * `RuntimeError<…>`, with only the check codes that can happen to this tool, and `GuardError` only
 * where the config's `guard` lets a guard refuse the call.
 */
export function resultTypeArguments(
  tool: ToolModel,
  guarded: boolean,
  /** A types.ts name as the module refers to it (tools.ts imports types.ts as a namespace). */
  typeRef: (name: string) => string,
): { data: string; alt: string; error: string } {
  const alternatives = tool.branches.filter((b) => b.kind === 'alternative');
  // One member per code: `switch (error.code)` then narrows the whole error, so a
  // `default: error satisfies never` compiles for every tool, and a code that cannot occur need not be handled.
  const members = [
    ...tool.errorCodes.map(
      (c) =>
        `ToolError<${str(c.code)}, ${c.detailsType ? typeRef(c.detailsType) : 'Record<string, unknown>'}>`,
    ),
    runtimeErrorType(tool),
    ...(guarded ? ['GuardError'] : []),
  ];
  return {
    // No outputSchema: the runtime's `ToolContent` (text, parsed JSON, the content blocks).
    data: tool.outputType ? typeRef(tool.outputType) : 'ToolContent',
    alt: alternatives.length
      ? alternatives
          .map((b) => `{ variant: ${str(b.variant!)}; data: ${typeRef(b.typeName)} }`)
          .join(' | ')
      : 'never',
    error: members.join(' | '),
  };
}

/** `RuntimeError`, or `RuntimeError<'$invalid_result' | …>` with the tool's check codes. */
function runtimeErrorType(tool: ToolModel): string {
  return tool.checkCodes.length
    ? `RuntimeError<${tool.checkCodes.map(str).join(' | ')}>`
    : 'RuntimeError';
}

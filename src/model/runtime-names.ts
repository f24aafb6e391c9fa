/**
 * The names the runtime templates own, restated for the naming pass: generated declarations must
 * not take them. test/runtime-exports.test.ts keeps these lists equal to what the templates export.
 */
/** Names the runtime templates export (runtime.ts and the files it re-exports); generated declarations must not take them. */
export const RUNTIME_EXPORTS = [
  // runtime.ts
  'ValidationIssue',
  'Validator',
  'JsonSchema',
  'BranchSpec',
  'ToolSpec',
  'ShapeMismatch',
  'ResultEvent',
  'RuntimeErrorCode',
  'CheckErrorCode',
  'RuntimeError',
  'ToolError',
  'ToolResult',
  'AnyToolResult',
  'ToolContent',
  'ToolCallError',
  'unwrap',
  'ClassifyOptions',
  'InvokeOptions',
  'UncheckedInputOptions',
  'invokeTool',
  'runTool',
  'classifyResult',
  'EraForm',
  // runtime-client.ts and runtime-uri.ts, re-exported
  'McpProtocolError',
  'OutputEraMismatchError',
  'readResource',
  'ResourceReader',
  'getPrompt',
  'expandUriTemplate',
  'UriTemplateValue',
  // runtime-guard.ts, runtime-canonical.ts and runtime-fingerprint.ts, re-exported
  'CatalogGuardError',
  'GuardErrorCode',
  'guardWith',
  'CatalogChange',
  'CatalogMonitor',
  'GuardError',
  'GuardMode',
  'GuardOptions',
  'GuardedClient',
  'CatalogField',
  'ToolFingerprint',
  // runtime-protocol.ts, re-exported as types
  'ProtocolEra',
  'Annotations',
  'TextContent',
  'ImageContent',
  'AudioContent',
  'ResourceLink',
  'TextResourceContents',
  'BlobResourceContents',
  'ResourceContents',
  'EmbeddedResource',
  'ContentBlock',
  'CallToolResult',
  'ReadResourceResult',
  'PromptMessage',
  'GetPromptResult',
  'Progress',
  'RequestOptions',
  'CallToolParams',
  'CallToolResultLike',
  'McpClientLike',
  // the namespace tools.ts imports validators.ts as
  'validators',
];

/**
 * The runtime's own error codes (templates/runtime.ts `RuntimeErrorCode`), restated here because the
 * generator must not load a template at run time (it is TypeScript shipped for users to compile);
 * test/runtime-exports.test.ts keeps the two equal.
 */
export const RUNTIME_ERROR_CODES: Readonly<Record<string, string>> = {
  Unknown: '$unknown',
  Uncoded: '$uncoded',
  InvalidResult: '$invalid_result',
  InvalidInput: '$invalid_input',
};

/** The codes of the runtime's checks (`CheckErrorCode`): a tool's error union holds each only where that check can run. */
export type CheckErrorCode = '$invalid_result' | '$invalid_input';

/**
 * The runtime checks a tool can fail: its result is checked wherever it has a known shape (the
 * validators are generated whatever the config's `validateOutput`, which a client or a call may
 * override), its input only where the input schema was embedded.
 */
export function checkCodes(resultShapeKnown: boolean, inputEmbedded: boolean): CheckErrorCode[] {
  return [
    ...(resultShapeKnown ? (['$invalid_result'] as const) : []),
    ...(inputEmbedded ? (['$invalid_input'] as const) : []),
  ];
}

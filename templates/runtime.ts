/**
 * mcp-codegen runtime, copied verbatim next to each generated client: regenerate, do not edit.
 * Turns `tools/call` results into `{ ok: true, variant, data, raw } | { ok: false, error, raw }`.
 *
 * - It imports nothing: no SDK package, no validator library, no Node built-ins. The protocol types
 *   it needs are declared in runtime-protocol.ts, structurally compatible with SDK v1
 *   (`@modelcontextprotocol/sdk`) and v2 (`@modelcontextprotocol/client`), so either `Client` (or any
 *   object with a compatible `callTool`) can be passed in.
 * - Validation reads the schemas in validators.ts as data (runtime-validate.ts): no `new Function`
 *   or `eval` at run time, so it works under `node --disallow-code-generation-from-strings` and on
 *   edge runtimes.
 * - JSON-RPC errors are thrown as `McpProtocolError` whichever SDK threw them, never mixed into results.
 * - No enums, namespaces or parameter properties, so Node's type stripping runs it.
 */
// One module for users and generated code: results, calls, the protocol types, errors, resource and
// prompt helpers and the guard, each from the file that holds it (runtime-guard-types.ts is public whole).
export type * from './runtime-protocol.js';
export {
  RuntimeErrorCode,
  ToolCallError,
  unwrap,
  type AnyToolResult,
  type CheckErrorCode,
  type RuntimeError,
  type ToolError,
  type ToolResult,
} from './runtime-result.js';
export { classifyResult, type ClassifyOptions } from './runtime-classify-result.js';
export {
  invokeTool,
  runTool,
  type InvokeOptions,
  type UncheckedInputOptions,
} from './runtime-invoke.js';
export {
  McpProtocolError,
  OutputEraMismatchError,
  getPrompt,
  readResource,
  type ResourceReader,
} from './runtime-client.js';
export { expandUriTemplate, type UriTemplateValue } from './runtime-uri.js';
export type {
  BranchSpec,
  EraForm,
  JsonSchema,
  ToolContent,
  ResultEvent,
  ShapeMismatch,
  ToolSpec,
  ValidationIssue,
  Validator,
} from './runtime-spec.js';
export * from './runtime-guard-types.js';
export { guardWith } from './runtime-guard.js';
export type { CatalogField } from './runtime-canonical.js';
export type { CatalogChange, ToolFingerprint } from './runtime-fingerprint.js';

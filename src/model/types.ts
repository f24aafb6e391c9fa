import type {
  JsonObject,
  Prompt,
  Resource,
  ResourceTemplate,
  ServerInfo,
  Tool,
} from '../snapshot/types.js';
import type { EraForm, ProtocolEra } from './era.js';
import type { ErrorCode } from '../schema/error-codes.js';
import type { OpenAiStrictFit } from '../schema/openai-strict.js';
import type { InputKind } from './input-kind.js';
import type { CheckErrorCode } from './runtime-names.js';
import type { GuardField } from './guard-fingerprint.js';

/**
 * The intermediate model between a snapshot and emitted code: every identifier is decided here,
 * once, by the naming pass, so emitters only print.
 */
/** `single`: tools.ts holds every tool; `per-tool`: one file a tool under tools/, plus catalog.json and README.md. */
export type Layout = 'single' | 'per-tool';

/** How a tool's result is typed (see `ToolModel.resultKind`). */
type ResultKind = 'declared' | 'inferred' | 'override' | 'untyped';

/** The runtime's options types a tool function can take (templates/runtime.ts). */
export type InvokeOptionsName = 'InvokeOptions' | 'UncheckedInputOptions';

/** Every file of the output, by role, as paths relative to the output folder: decided once, by the planner. */
export interface OutputFiles {
  types: string;
  validators: string;
  client: string;
  index: string;
  /** The runtime module generated code imports (its helper files sit next to it). */
  runtime: string;
  /** The runtime is one copy shared by several clients (config `runtime.out`): emitted once by generate, not here. */
  runtimeShared?: true;
  /** Where tools.ts lives in the single layout; absent in per-tool, where each tool has `ToolModel.file`. */
  tools?: string;
  /** The agent catalog and its README, per-tool layout only. */
  catalog?: string;
  readme?: string;
  /** Standard Schema objects and `toolSchemas` (config `agents.standardSchema`), with the runtime they import. */
  schemas?: string;
  runtimeStandard?: string;
  /** The code-mode declaration, as a file and as a string export (config `agents.codeMode`). */
  codeModeDeclaration?: string;
  codeModeText?: string;
  /** The LangChain adapter (config `agents.langchain`): not re-exported by index.ts, so only its importers load LangChain. */
  langchain?: string;
  /** The Mastra adapter (config `agents.mastra`), likewise. */
  mastra?: string;
  /** The OpenAI Agents SDK adapter (config `agents.openai`), likewise. */
  openai?: string;
  /** The typed mock (config `mock`): test-only, not re-exported by index.ts. */
  mock?: string;
}

export interface ClientModel {
  /** The config's server name. */
  serverName: string;
  layout: Layout;
  files: OutputFiles;
  /** Per TypeScript file of the output: its imports and re-exports, planned with the names. */
  modules: ModulePlans;
  className: string;
  optionsTypeName: string;
  /** Member names of the helper groups on the client class, claimed by the naming pass; absent when the server lists none. */
  groups: {
    resources?: string | undefined;
    templates?: string | undefined;
    prompts?: string | undefined;
  };
  /**
   * The catalog guard's names: the generated `guardClient`, the fingerprint list in client.ts, the
   * class's `catalog` member; `enabled` (the config's `guard`) puts `guardClient`, the `guard` option
   * and the guard's codes into the output. The names are claimed either way, so turning it on renames nothing.
   */
  guard: { functionName: string; fingerprints: string; member: string; enabled: boolean };
  /**
   * What client.ts imports tools.ts (the single layout's) and types.ts as, and the tools modules
   * types.ts: namespaces, since each of their names is used once or twice. Claimed after the tools' own names, so a tool
   * named `tools` keeps its function's name and the namespace takes another.
   */
  namespaces: { tools: string; types: string };
  serverInfo?: ServerInfo;
  protocolVersion?: string;
  /** The protocol era the snapshot was discovered in, when known. */
  era?: ProtocolEra;
  tools: ToolModel[];
  resources: ResourceModel[];
  templates: TemplateModel[];
  prompts: PromptModel[];
  /** Named schemas (type name → sanitized schema) for the types file, in emission order. */
  definitions: JsonObject;
  validateOutput: boolean;
  validateInput: boolean;
  /** What the client class hands its tools: `UncheckedInputOptions` when no input schema was embedded (see `ToolModel.optionsType`). */
  invokeOptionsType: InvokeOptionsName;
  /** What agent frameworks take (src/model/agents.ts); absent when the config turns none on. */
  agents?: AgentsModel;
  /** mock.ts's names (src/model/mock-plan.ts); absent when the config's `mock` is off. */
  mock?: MockModel;
  /** Things the user should know that did not stop generation (renamed collisions, config naming unknown tools). */
  warnings: string[];
}

export interface ToolModel {
  tool: Tool;
  method: string;
  /** The standalone function (`getForecast(client, input, options?)`): a top-level binding, so claimed with the types. */
  functionName: string;
  /** The file that declares the tool's function, spec and types. */
  file: string;
  /** The first line of the description (or the title), for the agent catalog. */
  summary: string;
  /** The description, bounded for the agent catalog (see `catalogDescription`): per-tool layout only. */
  description?: string;
  /**
   * How the result is typed: `declared` from the tool's outputSchema, `untyped` (`ToolContent`) without
   * one. A string, not a flag, so shapes known otherwise (inferred from samples, overridden) can join.
   */
  resultKind: ResultKind;
  /** Meant for an MCP App's UI rather than the model (`_meta.ui.visibility` without `"model"`). */
  appOnly: boolean;
  /**
   * sha256 of the canonical tool definition (16 hex digits): changes whenever the tool does. Set in the
   * per-tool layout only, whose catalog.json is what reads it.
   */
  fingerprint?: string;
  /** Per field the tool declares, the hash the run-time guard compares a live tool's with (output-plan.ts `guardFingerprint`). */
  guardFingerprint: Partial<Record<GuardField, string>>;
  specName: string;
  inputType: string;
  /** Whether the method's parameter is `inputType` (`object`) or an open object, for schemas that are not object-only (see input-kind.ts). */
  inputKind: InputKind;
  /** True when the input has no required property, so the argument may be omitted. */
  inputOptional: boolean;
  /** The branch-0 (documented) output type, when the tool declares an outputSchema. */
  outputType?: string;
  /**
   * Set when the server declares no outputSchema and the result type comes from the config's
   * `outputs` (`override`) or the shapes file (`inferred`): a hypothesis, checked leniently at run time.
   */
  outputOrigin?: 'override' | 'inferred';
  branches: BranchModel[];
  errorCodes: ErrorCodeModel[];
  /**
   * The tool's error-code object, only when it declares codes (the runtime's own are `RuntimeErrorCode`).
   * The name is claimed for every tool, so a code added later renames nothing else.
   */
  errorCodeEnum?: string;
  errorType: string;
  /**
   * The runtime's check codes that can happen to this tool, beyond `$unknown` and `$uncoded` (which
   * any call can end in): `$invalid_result` where a result shape is known, `$invalid_input` where
   * the input schema is embedded. Its error union holds these and no other runtime code.
   */
  checkCodes: CheckErrorCode[];
  resultType: string;
  /** The input schema embedded for run-time validation (only when enabled). */
  inputValidationSchema?: JsonObject;
  /** Its export in validators.ts, set with `inputValidationSchema`. */
  inputValidator?: string;
  /**
   * The runtime's options type the tool's function takes: `UncheckedInputOptions` (where
   * `validateInput: true` is a type error) when no input schema was embedded, since the option could do nothing.
   */
  optionsType: InvokeOptionsName;
  /** Set for a non-object output, whose shape differs per protocol era: the snapshot's form. */
  eraForm?: EraForm;
  /** Its Standard Schema objects, when `agents.standardSchema` is on. */
  standardSchema?: ToolSchemaNames;
  /** Its OpenAI Agents SDK tool, when `agents.openai` is on: the name the model calls, and whether strict. */
  openaiTool?: OpenAiToolModel;
}

/** `strict` only where the input schema fits OpenAI's strict subset; else why not (src/schema/openai-strict.ts). */
type OpenAiToolModel = { name: string } & OpenAiStrictFit;

export type BranchKind = 'documented' | 'alternative' | 'error';

export interface BranchModel {
  index: number;
  kind: BranchKind;
  typeName: string;
  /** For alternatives: the `variant` discriminant value. */
  variant?: string;
  /** For error envelopes found by key: the code. */
  code?: string;
  required: string[];
  /** For error branches sharing a key: the key and the values that select this branch. */
  discriminator?: { key: string; values: string[] };
  /** Self-contained schema for run-time validation: the parent's keywords and root `$defs` merged in. */
  validationSchema: JsonObject;
  /** Its export in validators.ts, which the spec references. */
  validator: string;
}

export interface ErrorCodeModel extends ErrorCode {
  /** Member name in the tool's error-code object. */
  member: string;
  /** The envelope type carrying this code, when the schema declares one. */
  detailsType?: string;
}

export interface ResourceModel {
  resource: Resource;
  member: string;
}

export interface TemplateModel {
  template: ResourceTemplate;
  member: string;
  variablesType: string;
  variables: Array<{ name: string; required: boolean; explode: boolean }>;
}

export interface PromptModel {
  prompt: Prompt;
  member: string;
  argumentsType: string;
  argumentsOptional: boolean;
}

/** One import (or re-export) of an output file: which file, by what specifier, which names. */
export interface ImportPlan {
  /** The file imported, relative to the output folder. */
  file: string;
  /** The specifier from the importing file: `./x.js`, `../x.js`. */
  specifier: string;
  /** Named bindings; `type` marks a type-only one in a value import. */
  names: Array<{ name: string; type?: boolean }>;
  /** `import type { … }` (or `export type { … }`). */
  typeOnly?: boolean;
  /** `import * as <namespace>`. */
  namespace?: string;
  /** `export { … } from`: the file's public surface (index.ts, a tool's own schema types). */
  reexport?: boolean;
}

/** What each generated TypeScript file imports and re-exports, keyed by its path: decided with the names. */
export type ModulePlans = Record<string, ImportPlan[]>;

/** What agent frameworks take (issue 26), as src/model/agents.ts plans it. */
export interface AgentsModel {
  /** `schemas.ts`: the Standard Schema objects, `toolSchemas` and `classifyToolOutput`. */
  standardSchema: boolean;
  /** `code-mode.d.ts` and `codeModeDeclaration`. */
  codeMode: boolean;
  /** `langchain.ts`: `langchainTools(client)`, the one file that imports `@langchain/core`. */
  langchain: boolean;
  /** The global namespace the code-mode declaration keeps the schema types in (with `codeMode`). */
  codeModeNamespace?: string;
}

/** Per tool, when Standard Schema objects are on. */
export interface ToolSchemaNames {
  /** The input's Standard Schema object (`GetForecastInputSchema`). */
  input: string;
  /** The output's, when the tool declares an outputSchema. */
  output?: string;
  /** validators.ts export checking the whole outputSchema (the branches each check one part). */
  outputValidator?: string;
  outputValidationSchema?: JsonObject;
}

/** The top-level names of mock.ts (src/model/mock-plan.ts). */
export interface MockModel {
  /** `define<Name>Mock(handlers)`: the handlers, typed. */
  define: string;
  /** `create<Name>Mock(handlers, options?)`: an in-process `McpClientLike`. */
  create: string;
  /** The handlers' type, keyed by method name. */
  handlersType: string;
  /** `mockError(code, details)`, typed by the declared codes. */
  error: string;
  /** What `mockError` returns, branded by its code. */
  errorType: string;
  /** What `mockError` takes beside each code: an error envelope's fields, or an `isError` payload's. */
  detailsType: string;
  /** An envelope's fields but its code key, each optional (the mock fills required ones left out). */
  fieldsType: string;
  /** A raw `CallToolResult` a handler may return (never a branded one). */
  rawType: string;
  /** What a handler returns, sync or as a promise. */
  answerType: string;
  /** The brand's `unique symbol` (a declaration only: no value exists). */
  brand: string;
  /** The embedded tool list (name, method, input and output schemas). */
  tools: string;
  /** The namespace `mcp-codegen/mock` is imported under. */
  namespace: string;
}

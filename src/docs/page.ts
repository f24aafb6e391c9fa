/**
 * What a docs page says, once, for every format: built from the snapshot and the client's model
 * (build.ts), then printed as HTML, Markdown or llms.txt. Strings marked as server text are
 * untrusted and each renderer escapes them; names the planner made (anchors, pages, identifiers)
 * are safe by construction, and the renderers escape them anyway.
 */

export interface DocsPage {
  server: ServerDoc;
  tools: ToolDoc[];
  resources: ResourceDoc[];
  templates: TemplateDoc[];
  prompts: PromptDoc[];
  uiResources: UiResourceDoc[];
  /** The runtime's own error codes the tools can end in, with their meaning: said once, not per tool. */
  runtimeErrors: ErrorDoc[];
  /** The split layout's first page (`README.md`), beside `tools/`. */
  index: string;
}

export interface ServerDoc {
  /** Server text: `serverInfo.name`, else the config's name. */
  name: string;
  title?: string;
  version?: string;
  protocolVersion?: string;
  /** `legacy` (initialize) or `modern` (2026-07-28), when the snapshot says. */
  era?: string;
  instructions?: string;
  /** The server's capabilities, by name (`tools`, `resources`, …), sorted. */
  capabilities: string[];
  /** How the examples construct the client: `import { WeatherClient } from '…'` and the variable. */
  usage: string;
}

/** A hint the tool carries, shown as a badge: `read-only`, `destructive`, `app-only`, `task: required`. */
export interface Badge {
  id: 'read-only' | 'destructive' | 'idempotent' | 'open-world' | 'app-only' | 'task' | 'sampled';
  label: string;
  /** What it means, for a tooltip and the legend. */
  meaning: string;
}

export interface ToolDoc {
  /** Server text. */
  name: string;
  title?: string;
  description?: string;
  /** One line (server text): the title, else the description's first sentence. */
  summary: string;
  anchor: string;
  page: string;
  /** The client method (`getForecast`): a planned identifier. */
  method: string;
  badges: Badge[];
  parameters: ParameterRow[];
  /** Why the table is empty or cut, when it is (not server text). */
  parametersNote?: string;
  result: ResultDoc;
  /** The codes it declares (its output schema's error branches, the config's `errors`). */
  errors: ErrorDoc[];
  /** The runtime's codes that can happen to it (`$invalid_result`, `$unknown`, …): see `DocsPage.runtimeErrors`. */
  runtimeCodes: string[];
  /** TypeScript that calls the tool through the generated client, with valid example arguments. */
  example: string;
  /** Why the example has no arguments from the schema, when none could be generated. */
  exampleNote?: string;
  /** The UI resource the tool names (server text), and its anchor when the page lists it. */
  uiResource?: { uri: string; anchor?: string };
}

export interface ParameterRow {
  /** Server text, as a reader names it: `filter.tags[]`. */
  path: string;
  /** 0 for a property of the input itself. */
  depth: number;
  /** A short type (`string`, `integer[]`, `"C" | "F"`): made from server text. */
  type: string;
  required: boolean;
  /** JSON text of the default (server text). */
  default?: string;
  /** JSON text of each allowed value (`enum`, `const`). */
  values: string[];
  /** `minimum 1`, `pattern ^a$`, `format uri` (server text after the keyword). */
  constraints: string[];
  description?: string;
  deprecated: boolean;
}

export interface ResultDoc {
  /** Where the result type comes from: the server's outputSchema, the config, samples, or nowhere. */
  origin: 'declared' | 'override' | 'inferred' | 'untyped';
  /** What `result.data` is, by name (`GetForecastOutput`, `ToolContent`). */
  typeName: string;
  /** The declarations, as the generated types.ts has them (server text inside JSDoc). */
  declarations?: string;
}

export interface ErrorDoc {
  /** Server text (or the runtime's own `$invalid_input`). */
  code: string;
  /** The server's description, the config's text, or the runtime's. */
  meaning?: string;
  /** Where it is declared: `outputSchema`, `config`, `runtime`. */
  source: string;
  /** `GetForecastErrorCode.UnknownCity`, when the client names it. */
  constant?: string;
}

interface ResourceDoc {
  anchor: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** `weather.resources.stations()`. */
  call: string;
}

interface TemplateDoc {
  anchor: string;
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  variables: Array<{ name: string; required: boolean }>;
  call: string;
}

interface PromptDoc {
  anchor: string;
  name: string;
  title?: string;
  description?: string;
  arguments: Array<{ name: string; required: boolean; description?: string }>;
  call: string;
}

export interface UiResourceDoc {
  anchor: string;
  uri: string;
  mimeType?: string;
  /** `connectDomains` and the other CSP lists, each with its domains (server text). */
  csp: Array<{ directive: string; domains: string[] }>;
  /** The permissions the UI asks for, by name. */
  permissions: string[];
  domain?: string;
  prefersBorder?: boolean;
  sha256?: string;
  bytes?: number;
  /** Why the resource could not be read, when it could not. */
  error?: string;
  /** The tools that name it, with their anchors. */
  tools: Array<{ name: string; anchor: string }>;
}

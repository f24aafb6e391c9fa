import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { AgentSwitches } from './agent-switches.js';
export type { AgentSwitch, AgentSwitches } from './agent-switches.js';

export type { BearerCommand, ClientCredentials, HttpAuth, OAuthLogin } from './auth-types.js';

/**
 * The shape of `mcp-codegen.config.ts`. One type drives the config file, the CLI flags and the
 * README, so they cannot drift apart.
 */

/** Generate from a committed snapshot file (or any tools/list result). */
export interface SnapshotSource {
  snapshot: string;
}

/** Start the server as a child process and talk to it over stdio. */
export interface StdioSource {
  /** A command line (`"node server.js --flag"`, split like a shell would, without a shell) or an argv array. */
  stdio: string | string[];
  /** Extra environment variables; values may reference others as `${NAME}`. */
  env?: Record<string, string>;
  /** Working directory, relative to the config file. */
  cwd?: string;
}

/** Connect to a running server over HTTP. */
export interface HttpSource {
  url: string;
  /** `auto` (default) tries Streamable HTTP, then falls back to legacy SSE when refused. */
  transport?: 'auto' | 'streamable-http' | 'sse';
  /** Extra request headers; values may reference environment variables as `${NAME}` so secrets stay out of config. */
  headers?: Record<string, string>;
  /** How to get an access token (see "Authentication" in the README); without it, only `headers`. */
  auth?: import('./auth-types.js').HttpAuth;
}

/** Which entry of a server.json to run: the first package of that registry type, or the first remote. */
export type ServerJsonChoice = 'npm' | 'pypi' | 'oci' | 'remote';
export const SERVER_JSON_CHOICES: readonly ServerJsonChoice[] = ['npm', 'pypi', 'oci', 'remote'];

/**
 * Run the server a registry `server.json` describes: a package (npm → npx, pypi → uvx, oci →
 * docker) with its arguments and environment, or a remote with its headers. Every value the file
 * leaves open comes from the environment (see the README).
 */
export interface ServerJsonSource {
  /** The server.json file, relative to the config file. */
  serverJson: string;
  /** Default: the first package whose transport is stdio, then the first remote. */
  package?: ServerJsonChoice;
  /** The package version to run instead of the entry's own (for oci, the image tag). */
  version?: string;
}

export type ServerSource = SnapshotSource | StdioSource | HttpSource | ServerJsonSource;

/** A source that is contacted: everything but a snapshot file. */
export type LiveSource = StdioSource | HttpSource | ServerJsonSource;

/** `auto` (default): the 2026-07-28 era when the server offers it, else `initialize`; `legacy` or `modern` pin one. */
export type DiscoveryEra = 'auto' | ProtocolEra;

/** The era a discovery spoke: `legacy` (initialize) or `modern` (2026-07-28 server/discover); a snapshot records it. */
export type ProtocolEra = 'legacy' | 'modern';

export interface DiscoveryOptions {
  /** Which protocol era to discover in (default `auto`). */
  era?: DiscoveryEra;
  /** Per-request timeout in milliseconds (default 30000). */
  timeoutMs?: number;
  /** Stop a list after this many pages (default 1000): protects against endless cursors. */
  maxPages?: number;
  /**
   * The client capabilities to declare (default none): the SDK's `ClientCapabilities`, extensions
   * included. Servers show some tools only to clients that declare what they need (`roots`,
   * `sampling`, `elicitation`, `tasks`), so declare what your app's client declares. The snapshot
   * records them as `clientCapabilities`.
   */
  capabilities?: ClientCapabilities;
  /**
   * Keep the content of each MCP Apps UI resource (`ui://`) in the snapshot (default false: only its
   * `_meta.ui`, SHA-256 and size, so the snapshot stays small and a content change is one line).
   */
  uiHtml?: boolean;
}

/** Codes a server returns that its schemas do not declare (a published error catalog). */
export interface ErrorCodeConfig {
  /** Codes any tool of this server can return, with an optional description. */
  server?: Record<string, string>;
  /** Per tool name: extra codes for that tool. */
  tools?: Record<string, Record<string, string>>;
}

export type RuleLevel = 'error' | 'warning' | 'info' | 'off';
export const RULE_LEVELS: readonly RuleLevel[] = ['error', 'warning', 'info', 'off'];

/** The keys of a diff policy and of a lint policy: config checks them at load, diff and lint check the rest (rule ids) when they run. */
export const DIFF_POLICY_KEYS = ['rules', 'ignore'] as const;
export const LINT_POLICY_KEYS = [
  'rules',
  'ignore',
  'descriptionBudget',
  'maxTools',
  'descriptionCoverage',
] as const;

export interface DiffIgnore {
  /** The rule id, e.g. `tool-description-changed`. */
  rule: string;
  /** The entity, e.g. `tool:search` or `prompt:greet`; omit to ignore the rule everywhere. */
  entity?: string;
  /** Why this change is accepted: required, so the config documents every exception. */
  reason: string;
}

export interface DiffPolicy {
  /** Per rule id: a new level, or `off`. */
  rules?: Record<string, RuleLevel>;
  ignore?: DiffIgnore[];
}

/** Lint policy: like the diff policy, plus the thresholds two rules use. */
export interface LintPolicy {
  /** Per lint rule id: a new level, or `off`. */
  rules?: Record<string, RuleLevel>;
  ignore?: DiffIgnore[];
  /** `tool-description-too-long` above this many UTF-8 bytes (default 1024). */
  descriptionBudget?: number;
  /** `catalog-tool-count-high` above this many tools (default 40). */
  maxTools?: number;
  /** `catalog-description-coverage` below this share of described tools and input properties (0 to 1, default 0.8). */
  descriptionCoverage?: number;
}

export interface ServerConfig {
  /** The server's name; the client class is named after it (`weather` → `WeatherClient`). */
  name: string;
  /** Where the catalog comes from. */
  source: ServerSource;
  /**
   * The snapshot file. For a live source, discovery writes it here (commit it) and
   * `generate --offline` reads it. Defaults to `<out>/snapshot.json`. Ignored for a snapshot source.
   */
  snapshot?: string;
  /** The folder the client is written to. */
  out: string;
  discovery?: DiscoveryOptions;
  errors?: ErrorCodeConfig;
  /** Validate results against each tool's outputSchema at run time (default true; the client can turn it off). */
  validateOutput?: boolean;
  /**
   * Embed each tool's inputSchema and validate inputs against it before sending (default false; the
   * client can turn it off per call). Without it the schemas are not in the output, so the client's
   * `validateInput` accepts only `false`: `true` would do nothing, and is a type error.
   */
  validateInput?: boolean;
  /**
   * The catalog guard (default false): `guardClient`, the client's `guard` option (`'warn'` | `'block'`)
   * and the guard's codes (`$changed`, `$unavailable`) in every tool's error union. Without it none of
   * them is in the output, so an exhaustive switch has no case that cannot happen and `guard: 'block'`
   * is a type error; `catalog.verify()` and `catalog.onChange()` are there either way.
   */
  guard?: boolean;
  /**
   * `single` (default): tools.ts holds every tool's function, types and spec. `per-tool`: one file a
   * tool under tools/, with catalog.json and README.md for agents that list and import them on demand.
   */
  layout?: 'single' | 'per-tool';
  /**
   * What agent frameworks take, each off by default. `standardSchema`: schemas.ts with a Standard Schema
   * object per tool input and output and `toolSchemas` for the AI SDK (embeds the input schemas and
   * their validators, as `validateInput` does). `codeMode`: code-mode.d.ts and `codeModeDeclaration`.
   * `langchain`: langchain.ts with `langchainTools(client)` (imports `@langchain/core`); `mastra`: mastra.ts
   * with `mastraTools(client)` (imports `@mastra/core`); `openai`: openai-agents.ts with
   * `openaiAgentsTools(client)` (imports `@openai/agents`). Each adapter implies `standardSchema`.
   */
  agents?: AgentSwitches;
  diff?: DiffPolicy;
  /** Lint policy for this server, applied on top of the top-level one. */
  lint?: LintPolicy;
  /**
   * Per tool name: the argument sets `mcp-codegen sample` calls it with, to learn the shape of its
   * results when it declares no outputSchema. Only listed tools are ever called.
   */
  samples?: Record<string, Array<Record<string, unknown>>>;
  /** The shapes file `sample` writes, relative to the config (default `<snapshot dir>/<name>.shapes.json`; commit it). */
  shapes?: string;
  /** Per tool name: its result type by hand, `{ schema }`; it wins over a sampled shape, never over a declared outputSchema. */
  outputs?: Record<string, OutputOverride>;
  /**
   * The typed mock (default off): `true`, or any object, adds mock.ts (`define<Name>Mock`,
   * `create<Name>Mock`, `mockError`; index.ts does not re-export it). `handlers`: the module (`.ts`
   * too, relative to the config) whose handlers answer tools/call in `mcp-codegen mock --server <name>`.
   * `client: false` keeps `handlers` for the CLI without mock.ts.
   */
  mock?: boolean | MockConfig;
  /** The server's docs, written with its client: see `DocsConfig`. */
  docs?: DocsConfig;
}

/** What `mcp-codegen docs` writes: one HTML page, Markdown (one file, or one a tool), or llms.txt. */
export type DocsFormat = 'html' | 'markdown' | 'llms-txt';
export const DOCS_FORMATS: readonly DocsFormat[] = ['html', 'markdown', 'llms-txt'];

/**
 * A server's docs, written by `generate` beside its client (and checked by `generate --check`):
 * `out` is a file (`docs/weather.html`), or a folder with `split`; never inside a client's `out`.
 */
export interface DocsConfig {
  out: string;
  /** Default: from `out`'s extension (`.md` markdown, `.txt` llms-txt, else html); markdown with `split`. */
  format?: DocsFormat;
  /** Markdown: `<out>/README.md` and one page a tool under `<out>/tools/`. */
  split?: boolean;
  /** llms-txt: llms-full.txt (the whole catalog) beside the index. */
  full?: boolean;
}

export interface MockConfig {
  /** Whether mock.ts is generated (default true once `mock` is an object). */
  client?: boolean;
  handlers?: string;
}

/** A tool's result type written by hand: the JSON Schema of its payload. */
export interface OutputOverride {
  schema: Record<string, unknown>;
}

export interface CacheConfig {
  /** Where `generate` keeps its output cache, relative to the config file (default `node_modules/.cache/mcp-codegen`). */
  dir?: string;
}

/** How an aggregate names a tool that two servers have (compared as identifiers: `get-user` and `get_user` collide). */
export type ConflictPolicy = 'prefix' | 'error' | 'priority';
export const CONFLICT_POLICIES: readonly ConflictPolicy[] = ['prefix', 'error', 'priority'];

/** One module over several servers' clients: `new ToolsClient({ notes: notesMcp, db: dbMcp })`. */
export interface AggregateConfig {
  /** The module's name: `Tools` → `ToolsClient`. */
  name: string;
  /** The folder it is written to, relative to the config. */
  out: string;
  /** The servers it joins, by name; on a collision under `priority`, the first listed wins. */
  servers: string[];
  /**
   * `prefix`: a colliding tool's flat name gets its server's (`notesSearch`, `dbSearch`); `error`:
   * `generate` fails, naming both servers and the tool; `priority`: the first-listed server's tool
   * keeps the flat name and each hidden one is warned about. Every tool stays under its server.
   */
  conflicts: ConflictPolicy;
  /** With `prefix`: every flat name gets its server's, colliding or not. */
  prefixAll?: boolean;
  /**
   * `toolSchemas`, the code-mode declaration, and `langchainTools` (langchain.ts), `mastraTools`
   * (mastra.ts) and `openaiAgentsTools` (openai-agents.ts) over the flat names; each needs the same
   * switch on every server it joins.
   */
  agents?: AgentSwitches;
}

export interface McpCodegenConfig {
  servers: ServerConfig[];
  /** Diff policy for every server; a server's own `diff` is applied on top. */
  diff?: DiffPolicy;
  /**
   * The output cache: an unchanged catalog is checked and regenerated without re-running the
   * generator. `false` turns it off (as `--no-cache` does for one run); it never changes the output.
   */
  cache?: CacheConfig | false;
  /** Lint policy for every server; a server's own `lint` is applied on top. */
  lint?: LintPolicy;
  /**
   * One runtime for every client: `out` is the folder (relative to the config) its files are written
   * to once, and each client imports them from there instead of holding its own copy.
   */
  runtime?: { out: string };
  /** One client over several of `servers` (issue 27). */
  aggregate?: AggregateConfig;
}

/** A config as loaded: paths resolved against the config file's folder. */
export interface ResolvedConfig extends McpCodegenConfig {
  /** The config file, or undefined when built from CLI flags. */
  file?: string;
  /** The folder relative paths were resolved against. */
  root: string;
}

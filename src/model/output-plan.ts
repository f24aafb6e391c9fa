import { createHash } from 'node:crypto';
import { isObject } from '../shared/json.js';
import type { JsonValue, Tool } from '../snapshot/types.js';
import { sortKeys } from '../snapshot/write.js';
import { NamePlanner, words } from './naming.js';
import type { Layout, OutputFiles } from './types.js';
import type { AgentOptions } from './agents.js';

/**
 * The files of the output: which declaration goes where is decided here, with the names, so the
 * emitters only print and compute import paths from what the model says.
 */
export function planOutputFiles(
  layout: Layout,
  agents: AgentOptions = {},
  /** The shared runtime folder (config `runtime.out`), relative to the output folder; absent: a copy inside it. */
  runtimeDir?: string,
  /** Config `mock`: mock.ts beside the client. */
  mock = false,
): OutputFiles {
  const runtimeFile = (name: string) => (runtimeDir === undefined ? name : `${runtimeDir}/${name}`);
  const shared = {
    types: 'types.ts',
    validators: 'validators.ts',
    client: 'client.ts',
    index: 'index.ts',
    runtime: runtimeFile('runtime.ts'),
    ...(runtimeDir === undefined ? {} : { runtimeShared: true as const }),
    ...(agents.standardSchema === true
      ? { schemas: 'schemas.ts', runtimeStandard: runtimeFile('runtime-standard.ts') }
      : {}),
    // Not `code-mode.ts` beside it: that would make the .d.ts the declaration of that module.
    ...(agents.codeMode === true
      ? { codeModeDeclaration: 'code-mode.d.ts', codeModeText: 'code-mode-declaration.ts' }
      : {}),
    ...(agents.langchain === true ? { langchain: 'langchain.ts' } : {}),
    ...(agents.mastra === true ? { mastra: 'mastra.ts' } : {}),
    ...(agents.openai === true ? { openai: 'openai-agents.ts' } : {}),
    ...(mock ? { mock: 'mock.ts' } : {}),
  };
  return layout === 'single'
    ? { ...shared, tools: 'tools.ts' }
    : { ...shared, catalog: 'catalog.json', readme: 'README.md' };
}

// Device names Windows will not create a file for, whatever the extension.
const WINDOWS_DEVICES = new Set([
  'con',
  'prn',
  'aux',
  'nul',
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => [`com${n}`, `lpt${n}`]),
]);

/**
 * Per-tool file names: kebab case from the function name, unique case-insensitively (macOS and
 * Windows folders), never a Windows device name. Claimed in the order tools are planned (sorted by name).
 */
export class ToolFilePlanner {
  private readonly names = new NamePlanner(WINDOWS_DEVICES);

  constructor(private readonly extension = 'ts') {}

  claim(functionName: string): string {
    return `tools/${this.claimStem(functionName)}.${this.extension}`;
  }

  /** The file's unique stem alone: the docs name a tool's page and its anchor with it. */
  claimStem(functionName: string): string {
    return this.names.claim(words(functionName).join('-').toLowerCase() || 'tool');
  }
}

const SUMMARY_LIMIT = 160;

/**
 * One line for catalog.json and a tool function's doc: the title, else the description's first
 * sentence or line, at most 160 code points. A sentence ends at `.`, `!` or `?` before a space and
 * anything but a lower-case letter (`e.g. a file` goes on). A longer one is cut after a word when one
 * ends in its second half, never inside a surrogate pair, and ends in `…`.
 */
export function toolSummary(tool: Tool): string {
  const text = (tool.title ?? tool.annotations?.title ?? tool.description ?? '').trim();
  const line = text.split(/\r\n|[\n\r\u2028\u2029]/)[0] ?? '';
  const sentence = /^(.*?[.!?])(?=\s+[^\s\p{Ll}]|\s*$)/u.exec(line)?.[1] ?? line.trimEnd();
  const points = Array.from(sentence);
  if (points.length <= SUMMARY_LIMIT) return sentence;
  const head = points.slice(0, SUMMARY_LIMIT - 1).join('');
  const wordEnd = head.search(/\s+\S*$/);
  return `${wordEnd > head.length / 2 ? head.slice(0, wordEnd) : head}…`;
}

/** The most of a description catalog.json carries: lint's default description budget, in code points. */
export const CATALOG_DESCRIPTION_LIMIT = 1024;

/**
 * The description for catalog.json: server text, kept as a JSON string value (data, never code), trimmed
 * and bounded so one tool cannot make the catalog an agent reads first arbitrarily large. Cut on a code
 * point, never inside a surrogate pair.
 */
export function catalogDescription(tool: Tool): string | undefined {
  const text = tool.description?.trim();
  if (!text) return undefined;
  // Two code units per code point at most: enough of the text to tell whether it is over the limit.
  const points = Array.from(text.slice(0, (CATALOG_DESCRIPTION_LIMIT + 1) * 2));
  return points.length > CATALOG_DESCRIPTION_LIMIT
    ? `${points.slice(0, CATALOG_DESCRIPTION_LIMIT - 1).join('')}…`
    : text;
}

/**
 * Whether the tool is meant for an MCP App's UI rather than the model. MCP Apps (ext-apps,
 * `McpUiToolMeta`, https://modelcontextprotocol.github.io/ext-apps/api/interfaces/app.McpUiToolMeta.html)
 * declares `_meta.ui.visibility`, an array of `"model"` and `"app"`, default both: `["app"]` is a tool
 * "callable by the app from this server only". An absent, empty or unrecognised list is not app-only.
 */
export function isAppOnly(tool: Tool): boolean {
  const meta = tool['_meta'];
  const ui = isObject(meta) ? meta['ui'] : undefined;
  const visibility = isObject(ui) ? ui['visibility'] : undefined;
  return Array.isArray(visibility) && visibility.includes('app') && !visibility.includes('model');
}

/**
 * sha256 of the tool's canonical JSON: the same definition gives the same fingerprint on every machine.
 * `sortedJson` must give `JSON.stringify(sortKeys(value))`; a caller may give a faster way to the same text.
 */
export function toolFingerprint(
  tool: Tool,
  sortedJson: (value: JsonValue) => string = (value) => JSON.stringify(sortKeys(value)),
): string {
  return createHash('sha256')
    .update(sortedJson(tool as unknown as JsonValue))
    .digest('hex')
    .slice(0, 16);
}

import { createHash } from 'node:crypto';
import type { JsonValue, Tool } from '../snapshot/types.js';
import { sortKeys } from '../snapshot/write.js';
import { NamePlanner, words } from './naming.js';
import type { Layout, OutputFiles } from './types.js';
import type { AgentOptions } from './agents.js';

/**
 * The files of the output: which declaration goes where is decided here, with the names, so the
 * emitters only print and compute import paths from what the model says.
 */
export function planOutputFiles(layout: Layout, agents: AgentOptions = {}): OutputFiles {
  const shared = {
    types: 'types.ts',
    validators: 'validators.ts',
    client: 'client.ts',
    index: 'index.ts',
    runtime: 'runtime.ts',
    ...(agents.standardSchema === true
      ? { schemas: 'schemas.ts', runtimeStandard: 'runtime-standard.ts' }
      : {}),
    // Not `code-mode.ts` beside it: that would make the .d.ts the declaration of that module.
    ...(agents.codeMode === true
      ? { codeModeDeclaration: 'code-mode.d.ts', codeModeText: 'code-mode-declaration.ts' }
      : {}),
    ...(agents.langchain === true ? { langchain: 'langchain.ts' } : {}),
    ...(agents.mastra === true ? { mastra: 'mastra.ts' } : {}),
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

  claim(functionName: string): string {
    const stem = words(functionName).join('-').toLowerCase() || 'tool';
    return `tools/${this.names.claim(stem)}.ts`;
  }
}

/** One line for a catalog: the title, else the description's first sentence or line, at most 160 characters. */
export function toolSummary(tool: Tool): string {
  const text = (tool.title ?? tool.annotations?.title ?? tool.description ?? '').trim();
  const line = text.split(/\r\n|[\n\r\u2028\u2029]/)[0] ?? '';
  const sentence = /^(.*?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
  return sentence.length > 160 ? `${sentence.slice(0, 159)}…` : sentence;
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

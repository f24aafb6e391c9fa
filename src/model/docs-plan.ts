import { NamePlanner, RESERVED_TYPE_NAMES, camelCase, words } from './naming.js';
import { ToolFilePlanner } from './output-plan.js';
import type { ClientModel } from './types.js';

/**
 * What `mcp-codegen docs` names, decided here with the client's names so that the renderers only
 * print: each section's anchor (`#tool-get-forecast`), each tool's page with `--split`
 * (`tools/get-forecast.md`, the stem the per-tool layout gives its `.ts` file), and the variable the
 * example calls hold the client in. Anchors are lower-case ASCII, unique, and made from the names
 * the model already made safe, so no server text reaches an `id` or a link as it was sent.
 */
export interface DocsPlan {
  /** Per tool of the model, in its order. */
  tools: Array<{ anchor: string; page: string }>;
  /** Per resource, template and prompt of the model, in its order: the anchors. */
  resources: string[];
  templates: string[];
  prompts: string[];
  /** Per UI resource of the snapshot, in the order given. */
  uiResources: string[];
  /** The first page of the split layout, beside `tools/`. */
  index: string;
  /** `weather` in `const weather = new WeatherClient(mcp)`. */
  clientVariable: string;
  /** The connected SDK client the examples pass to the constructor. */
  sdkVariable: string;
}

/**
 * The file (or folder) name of each server's docs when one run documents several into one folder:
 * its name in lower-case words (`Weather API` → `weather-api`), unique ignoring case, never a
 * Windows device name, as the per-tool layout names tool files.
 */
export function docsServerStems(names: readonly string[]): string[] {
  const stems = new ToolFilePlanner();
  return names.map((name) => stems.claimStem(name));
}

/** Ids of the page's own sections: no entity anchor may take one. */
const PAGE_IDS = [
  'main',
  'server',
  'runtime-errors',
  'tools',
  'resources',
  'templates',
  'prompts',
  'ui-resources',
];

export function planDocs(model: ClientModel, uiResourceCount: number): DocsPlan {
  const anchors = new NamePlanner(new Set(PAGE_IDS));
  const kebab = (name: string, fallback: string) => words(name).join('-').toLowerCase() || fallback;
  const pages = new ToolFilePlanner('md');
  const tools = model.tools.map((tool) => {
    const stem = pages.claimStem(tool.functionName);
    return { anchor: anchors.claim(`tool-${stem}`), page: `tools/${stem}.md` };
  });
  const claimAll = (prefix: string, members: readonly string[]) =>
    members.map((member) => anchors.claim(`${prefix}-${kebab(member, prefix)}`));
  const variables = new NamePlanner(RESERVED_TYPE_NAMES);
  const sdkVariable = variables.claim('mcp');
  variables.reserve('result');
  return {
    tools,
    resources: claimAll(
      'resource',
      model.resources.map((r) => r.member),
    ),
    templates: claimAll(
      'template',
      model.templates.map((t) => t.member),
    ),
    prompts: claimAll(
      'prompt',
      model.prompts.map((p) => p.member),
    ),
    uiResources: Array.from({ length: uiResourceCount }, (_, i) =>
      anchors.claim(`ui-resource-${i + 1}`),
    ),
    index: 'README.md',
    clientVariable: variables.claim(camelCase(model.serverName, 'server')),
    sdkVariable,
  };
}

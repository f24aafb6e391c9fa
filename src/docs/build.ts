import { planDocs } from '../model/docs-plan.js';
import type { ClientModel, ToolModel } from '../model/types.js';
import { isObject } from '../shared/json.js';
import { compareStrings } from '../shared/compare.js';
import { toolUiResource, visibleToModel } from '../snapshot/mcp-apps.js';
import type { Snapshot, UiResource } from '../snapshot/types.js';
import { toolBadges } from './badges.js';
import { declaredErrors, runtimeCodes, runtimeErrors } from './errors.js';
import { exampleCode } from './example.js';
import type { DocsPage, ResultDoc, ToolDoc, UiResourceDoc } from './page.js';
import { parameterRows } from './parameters.js';
import { resultDeclarations } from './result-types.js';

export interface DocsInputs {
  /** The snapshot the model was built from: its server facts and UI resources. */
  snapshot: Snapshot;
  /** The client's model, as `generate` builds it for this server (its names, types and codes). */
  model: ClientModel;
  /** What the examples import the client from (`./src/generated/weather/index.js`). */
  importPath: string;
}

/**
 * Everything a docs page says, from the snapshot and the client's model: the same names, types,
 * error codes and result origins the generated client has. Entities come in the model's order
 * (tools and prompts by name, resources by URI), so the page does not depend on the order the
 * server listed them in.
 */
export async function buildDocsPage({
  snapshot,
  model,
  importPath,
}: DocsInputs): Promise<DocsPage> {
  const uiResources = [...(snapshot.uiResources ?? [])].sort((a, b) =>
    compareStrings(a.uri, b.uri),
  );
  const plan = planDocs(model, uiResources.length);
  const declarations = await resultDeclarations(model);
  const { usage, examples } = exampleCode(model, plan, importPath);
  const uiAnchors = new Map(uiResources.map((r, i) => [r.uri, plan.uiResources[i]!]));
  const tools: ToolDoc[] = model.tools.map((tool, i) => {
    const { tool: listed } = tool;
    const parameters = parameterRows(listed.inputSchema);
    const ui = toolUiResource(listed);
    const example = examples[i]!;
    const title = listed.title ?? listed.annotations?.title;
    return {
      name: listed.name,
      ...(typeof title === 'string' ? { title } : {}),
      ...(typeof listed.description === 'string' ? { description: listed.description } : {}),
      summary: tool.summary,
      anchor: plan.tools[i]!.anchor,
      page: plan.tools[i]!.page,
      method: tool.method,
      badges: toolBadges(listed, !visibleToModel(listed), tool.resultKind === 'inferred'),
      parameters: parameters.rows,
      ...(parameters.note ? { parametersNote: parameters.note } : {}),
      result: resultOf(tool, declarations.get(tool)),
      errors: declaredErrors(tool),
      runtimeCodes: runtimeCodes(tool, model.guard.enabled),
      example: example.code,
      ...(example.note ? { exampleNote: example.note } : {}),
      ...(ui
        ? {
            uiResource: {
              uri: ui.uri,
              ...(uiAnchors.has(ui.uri) ? { anchor: uiAnchors.get(ui.uri)! } : {}),
            },
          }
        : {}),
    };
  });
  const call = (group: string | undefined, member: string) =>
    `${plan.clientVariable}.${group ?? '?'}.${member}`;
  const info = snapshot.serverInfo;
  return {
    server: {
      name: info?.name ?? model.serverName,
      ...(typeof info?.title === 'string' ? { title: info.title } : {}),
      ...(typeof info?.version === 'string' ? { version: info.version } : {}),
      ...(model.protocolVersion ? { protocolVersion: model.protocolVersion } : {}),
      ...(model.era ? { era: model.era } : {}),
      ...(typeof snapshot.instructions === 'string' && snapshot.instructions.trim() !== ''
        ? { instructions: snapshot.instructions }
        : {}),
      capabilities: Object.keys(snapshot.capabilities ?? {}).sort(compareStrings),
      usage,
    },
    tools,
    resources: model.resources.map(({ resource, member }, i) => ({
      anchor: plan.resources[i]!,
      uri: resource.uri,
      name: resource.name,
      ...optionalText(resource),
      call: `${call(model.groups.resources, member)}()`,
    })),
    templates: model.templates.map(({ template, member, variables }, i) => ({
      anchor: plan.templates[i]!,
      uriTemplate: template.uriTemplate,
      name: template.name,
      ...optionalText(template),
      variables: variables.map((v) => ({ name: v.name, required: v.required })),
      call: `${call(model.groups.templates, member)}(variables)`,
    })),
    prompts: model.prompts.map(({ prompt, member, argumentsOptional }, i) => ({
      anchor: plan.prompts[i]!,
      name: prompt.name,
      ...optionalText(prompt),
      arguments: (prompt.arguments ?? []).map((a) => ({
        name: a.name,
        required: a.required === true,
        ...(typeof a.description === 'string' ? { description: a.description } : {}),
      })),
      call: `${call(model.groups.prompts, member)}(${argumentsOptional ? '' : 'args'})`,
    })),
    uiResources: uiResources.map((resource, i) =>
      uiResourceDoc(resource, plan.uiResources[i]!, tools),
    ),
    runtimeErrors: runtimeErrors(model.tools, model.guard.enabled),
    index: plan.index,
  };
}

function resultOf(tool: ToolModel, declarations: string | undefined): ResultDoc {
  if (tool.outputType === undefined) return { origin: 'untyped', typeName: 'ToolContent' };
  return {
    origin: tool.outputOrigin ?? 'declared',
    typeName: tool.outputType,
    ...(declarations ? { declarations } : {}),
  };
}

/** The optional texts every listed entity may carry: title, description, MIME type. */
function optionalText(entity: { title?: unknown; description?: unknown; mimeType?: unknown }): {
  title?: string;
  description?: string;
  mimeType?: string;
} {
  return {
    ...(typeof entity.title === 'string' ? { title: entity.title } : {}),
    ...(typeof entity.description === 'string' ? { description: entity.description } : {}),
    ...(typeof entity.mimeType === 'string' ? { mimeType: entity.mimeType } : {}),
  };
}

const CSP_DIRECTIVES = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];

function uiResourceDoc(resource: UiResource, anchor: string, tools: ToolDoc[]): UiResourceDoc {
  const ui = isObject(resource.ui) ? resource.ui : {};
  const csp = isObject(ui.csp) ? ui.csp : {};
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return {
    anchor,
    uri: resource.uri,
    ...(typeof resource.mimeType === 'string' ? { mimeType: resource.mimeType } : {}),
    csp: CSP_DIRECTIVES.filter((d) => csp[d] !== undefined).map((directive) => ({
      directive,
      domains: strings(csp[directive]),
    })),
    permissions: isObject(ui.permissions)
      ? Object.keys(ui.permissions).sort(compareStrings)
      : strings(ui.permissions),
    ...(typeof ui.domain === 'string' ? { domain: ui.domain } : {}),
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
    ...(typeof resource.sha256 === 'string' ? { sha256: resource.sha256 } : {}),
    ...(typeof resource.bytes === 'number' ? { bytes: resource.bytes } : {}),
    ...(resource.error ? { error: String(resource.error.message) } : {}),
    tools: tools
      .filter((t) => t.uiResource?.uri === resource.uri)
      .map((t) => ({ name: t.name, anchor: t.anchor })),
  };
}

import type { ServerConfig } from '../config/types.js';
import { TypeSet } from './type-set.js';
import { TOO_DEEP } from '../schema/walk.js';
import { asObject } from '../shared/json.js';
import type { Snapshot } from '../snapshot/types.js';
import { visibleToModel } from '../snapshot/mcp-apps.js';
import type { CanonicalDefinitions } from '../snapshot/write.js';
import { planBranches } from './branch-types.js';
import { declareRequiredKeys, requiredOf } from './branches.js';
import { eraFormOf, snapshotEra } from './era.js';
import { deriveErrorCodes } from '../schema/error-codes.js';
import { inputKindOf } from './input-kind.js';
import { NamePlanner, RESERVED_TYPE_NAMES, pascalCase } from './naming.js';
import { planMemberNames } from './member-names.js';
import { planHelperMembers, sortBy } from './helper-members.js';
import { planModules } from './module-plan.js';
import { RUNTIME_EXPORTS, checkCodes } from './runtime-names.js';
import {
  ToolFilePlanner,
  catalogDescription,
  planOutputFiles,
  toolFingerprint,
  toolSummary,
} from './output-plan.js';
import { guardFingerprint, listedTool } from './guard-fingerprint.js';
import { shareValidators } from './validator-sharing.js';
import type { ClientModel, Layout, ErrorCodeModel, InvokeOptionsName, ToolModel } from './types.js';
import { claimMockNames, mockModule } from './mock-plan.js';
import { mockFileOn } from '../config/mock-switch.js';
import { SharedDefinitions } from './shared-definitions.js';
import {
  withUndeclaredOutput,
  type OutputOrigin,
  type UndeclaredOutput,
} from '../shapes/effective.js';
import { claimToolSchemaNames, toolSchemaNames } from './schema-objects.js';
import {
  adaptersOn,
  planAdapters,
  readsSchemaObjects,
  reserveAdapterNames,
  withAdapterModules,
} from './adapters/plan.js';
import type { AdapterPlan } from './adapters/types.js';

// Re-exported for the emitters and tests that read them from here.
export { RUNTIME_ERROR_CODES, RUNTIME_EXPORTS } from './runtime-names.js';

export function buildClientModel(
  snapshot: Snapshot,
  server: Pick<
    ServerConfig,
    'name' | 'errors' | 'validateInput' | 'validateOutput' | 'guard' | 'layout' | 'agents' | 'mock'
  > & { runtimeDir?: string },
  /**
   * The adapters' table (src/emit/agents/adapters.ts): every row's fixed names are reserved, on or
   * off, and the rows `server.agents` turns on are planned.
   */
  table: readonly AdapterPlan[],
  /** Result schemas the server does not declare (config `outputs`, the shapes file), by tool name. */
  undeclared?: ReadonlyMap<string, UndeclaredOutput>,
  /** The canonical definitions of this snapshot made already (by serializeSnapshot), if any. */
  canonical?: CanonicalDefinitions,
): ClientModel {
  const layout: Layout = server.layout ?? 'single';
  const mockOn = mockFileOn(server.mock);
  const files = planOutputFiles(layout, server.runtimeDir, mockOn);
  const active = adaptersOn(table, server.agents);
  const schemaObjects = readsSchemaObjects(active);
  const toolFiles = new ToolFilePlanner();
  const types = new NamePlanner(RESERVED_TYPE_NAMES);
  RUNTIME_EXPORTS.forEach((name) => types.reserve(name));
  reserveAdapterNames(types, table);
  const className = types.claim(`${pascalCase(server.name, 'Mcp')}Client`);
  const optionsTypeName = types.claim(`${className}Options`);
  // Top-level bindings of client.ts, claimed before any tool's: a tool named `guard_client` gets another name.
  const guard = {
    functionName: types.claim('guardClient'),
    fingerprints: types.claim('catalogFingerprints'),
  };
  const mock = claimMockNames(types, pascalCase(server.name, 'Mcp'));
  const typeSet = new TypeSet(types);
  const shared = new Map<string, string>();
  const members = planMemberNames(snapshot);
  const { groups, catalog: catalogMember } = members;
  const validateInput = server.validateInput ?? false;
  // A Standard Schema object validates input, so it needs the input schemas embedded as `validateInput` does.
  const embedInput = validateInput || schemaObjects;
  // Without embedded input schemas `validateInput: true` could do nothing, so its type does not offer it.
  const invokeOptionsType: InvokeOptionsName = embedInput
    ? 'InvokeOptions'
    : 'UncheckedInputOptions';

  const definitions = new SharedDefinitions(canonical);
  // Canonical schemas (sorted property maps): the output depends on the catalog, not on the order a server wrote its keys in.
  // A tool without an outputSchema may get one here (see shapes/effective.ts); from then on it is
  // typed like a declared one, and only the origin (and so the run-time strictness) tells them apart.
  const origins = new Map<string, OutputOrigin>();
  const declared = new Map(snapshot.tools.map((t) => [t.name, t]));
  const tools = sortBy(snapshot.tools, (t) => t.name).map((listed) => {
    const { tool, origin } = withUndeclaredOutput(listed, undeclared);
    if (origin) origins.set(tool.name, origin);
    return definitions.canonicalTool(tool);
  });
  // Claim every tool's own names before hoisted or shared ones, so a `$defs` entry can never take a tool's name.
  const planned = tools.map((tool, index) => {
    const { base, method } = members.tools[index]!;
    const camel = base.charAt(0).toLowerCase() + base.slice(1);
    // The function is a top-level binding next to the tool's types, so it is claimed with them (`delete` → `delete_`).
    const functionName = types.claim(camel);
    return {
      tool,
      base,
      method,
      functionName,
      file: files.tools ?? toolFiles.claim(functionName),
      inputType: types.claim(`${base}Input`),
      outputType: tool.outputSchema ? types.claim(`${base}Output`) : undefined,
      errorCodeEnum: types.claim(`${base}ErrorCode`),
      errorType: types.claim(`${base}Error`),
      resultType: types.claim(`${base}Result`),
      specName: types.claim(`${base}Spec`),
      schemas: schemaObjects
        ? claimToolSchemaNames(types, base, tool.outputSchema !== undefined)
        : undefined,
    };
  });

  const namespaces = { tools: types.claim('tools'), types: types.claim('types') };

  const warnings: string[] = [];
  for (const p of planned) {
    const wanted = pascalCase(p.tool.name, 'Tool');
    if (p.base !== wanted)
      warnings.push(
        `tool ${JSON.stringify(p.tool.name)} is named ${p.method}: ${wanted} was taken by another tool whose name sorts first`,
      );
  }
  for (const name of Object.keys(server.errors?.tools ?? {})) {
    if (!tools.some((t) => t.name === name)) {
      warnings.push(
        `config errors.tools names ${JSON.stringify(name)}, which the server does not list (tools: ${tools
          .map((t) => t.name)
          .slice(0, 10)
          .join(', ')}${tools.length > 10 ? ', …' : ''})`,
      );
    }
  }

  const toolModels: ToolModel[] = planned.map((p) => {
    const { tool, base } = p;
    const input = declareRequiredKeys(asObject(definitions.sanitize(tool.inputSchema)));
    const warn = (where: string) => (note: string) =>
      warnings.push(`tool ${JSON.stringify(tool.name)}: ${where} at ${note}`);
    typeSet.add(p.inputType, input, base).forEach(warn('inputSchema'));
    for (const key of ['inputSchema', 'outputSchema'] as const) {
      const deep = tool[key] === undefined ? undefined : definitions.tooDeep(tool[key]);
      if (deep !== undefined)
        warn(key)(`${deep.length > 120 ? `${deep.slice(0, 120)}…` : deep}: ${TOO_DEEP}`);
    }
    // validators.ts exports are named after the spec (unique, identifier-safe): `<Spec>_<branch>`, `<Spec>_input`.
    const branches = (
      tool.outputSchema
        ? planBranches(
            tool,
            p.outputType!,
            base,
            { types, typeSet, shared, definitions },
            warn('outputSchema'),
          )
        : []
    ).map((b) => ({ ...b, validator: `${p.specName}_${b.index}` }));
    const inputKind = inputKindOf(input);
    const codes = deriveErrorCodes(tool, server.errors);
    const eraForm = eraFormOf(tool.outputSchema);
    // Only the per-tool layout's catalog.json carries the description as data (the JSDoc has it whole).
    const description = layout === 'per-tool' ? catalogDescription(tool) : undefined;
    // The runtime's codes live in `RuntimeErrorCode`, not in the tool's object: no member name is taken.
    const members = new NamePlanner();
    const errorCodes: ErrorCodeModel[] = codes.map((code) => {
      const envelope = branches.find(
        (b) =>
          b.kind === 'error' &&
          (b.code === code.code ||
            (code.source.kind === 'property-value' && code.source.branch === b.index)),
      );
      return {
        ...code,
        member: members.claim(pascalCase(code.code, 'Code')),
        ...(envelope ? { detailsType: envelope.typeName } : {}),
      };
    });
    return {
      tool,
      method: p.method,
      functionName: p.functionName,
      file: p.file,
      summary: toolSummary(tool),
      // Hashing every tool's whole definition costs; only the per-tool layout's catalog.json reads it.
      ...(layout === 'per-tool'
        ? {
            // Of the tool as the server listed it: a sampled shape is not a change of the tool.
            fingerprint: toolFingerprint(declared.get(tool.name)!, (v) =>
              definitions.sortedJson(v),
            ),
          }
        : {}),
      ...(description !== undefined ? { description } : {}),
      resultKind: p.outputType ? (origins.get(tool.name) ?? 'declared') : 'untyped',
      appOnly: !visibleToModel(tool),
      // Of the tool as the server lists it (the live list has no sampled shape): see listedTool.
      guardFingerprint: guardFingerprint(listedTool(tool, origins), (v) =>
        definitions.sortedJson(v),
      ),
      specName: p.specName,
      inputType: p.inputType,
      inputKind,
      // Optional only when the root itself says nothing is required (a `$ref` or composition may require things).
      inputOptional:
        inputKind === 'open' ||
        (requiredOf(input).length === 0 &&
          !['anyOf', 'oneOf', 'allOf', '$ref'].some((k) => input[k] !== undefined)),
      ...(p.outputType ? { outputType: p.outputType } : {}),
      branches,
      errorCodes,
      ...(errorCodes.length ? { errorCodeEnum: p.errorCodeEnum } : {}),
      errorType: p.errorType,
      checkCodes: checkCodes(branches.length > 0, embedInput),
      resultType: p.resultType,
      optionsType: invokeOptionsType,
      ...(embedInput
        ? {
            inputValidationSchema: definitions.validationSchema(tool.inputSchema),
            inputValidator: `${p.specName}_input`,
          }
        : {}),
      ...(eraForm ? { eraForm } : {}),
      ...(origins.has(tool.name) ? { outputOrigin: origins.get(tool.name)! } : {}),
      ...(p.schemas
        ? {
            schemaObjects: toolSchemaNames(p.schemas, { tool, specName: p.specName }, definitions),
          }
        : {}),
    };
  });

  const era = snapshotEra(snapshot);
  const { resources, templates, prompts } = planHelperMembers(snapshot, types);

  const finalTools = shareValidators(toolModels);
  const definitionTypes = typeSet.definitions();
  const named = {
    serverName: server.name,
    layout,
    files,
    className,
    optionsTypeName,
    groups,
    guard: { ...guard, member: catalogMember, enabled: server.guard ?? false },
    namespaces,
    ...(snapshot.serverInfo ? { serverInfo: snapshot.serverInfo } : {}),
    ...(snapshot.protocolVersion ? { protocolVersion: snapshot.protocolVersion } : {}),
    ...(era ? { era } : {}),
    tools: finalTools,
    resources,
    templates,
    prompts,
    definitions: definitionTypes,
    validateOutput: server.validateOutput ?? true,
    validateInput,
    invokeOptionsType,
    // Last of the names: an adapter's own (the code-mode namespace) never takes a tool's.
    adapters: planAdapters(active, types, className, finalTools, server.runtimeDir),
    ...(mockOn ? { mock } : {}),
    warnings,
  };
  // Last, once every name is decided: what each file imports and exports.
  return {
    ...named,
    modules: { ...withAdapterModules(named, planModules(named), active), ...mockModule(named) },
  };
}

import { posix } from 'node:path';
import { compareStrings } from '../shared/compare.js';
import type { ClientModel, ImportPlan, ModulePlans, ToolModel } from './types.js';

/** The import specifier from one output file to another (both relative to the output folder). */
export function moduleSpecifier(from: string, to: string): string {
  const path = posix.relative(posix.dirname(from), to).replace(/\.ts$/, '.js');
  return path.startsWith('.') ? path : `./${path}`;
}

type Planned = Omit<ClientModel, 'modules'>;

export function planModules(model: Planned): ModulePlans {
  const plans: ModulePlans = {};
  for (const file of [...new Set(model.tools.map((t) => t.file))]) {
    plans[file] = toolsModule(
      model,
      model.tools.filter((t) => t.file === file),
      file,
    );
  }
  plans[model.files.client] = clientModule(model);
  plans[model.files.index] = indexModule(model);
  return plans;
}

function plan(
  from: string,
  file: string,
  names: Name[],
  extra: Partial<ImportPlan> = {},
): ImportPlan {
  return {
    file,
    specifier: moduleSpecifier(from, file),
    names: names.map((n) => (typeof n === 'string' ? { name: n } : n)),
    ...extra,
  };
}

type Name = string | { name: string; type?: boolean };
const type = (name: string): Name => ({ name, type: true });
const nameOf = (n: Name): string => (typeof n === 'string' ? n : n.name);
/** Case-insensitive, as a reader scans an import list. */
const byName = (a: Name, b: Name): number =>
  compareStrings(nameOf(a).toLowerCase(), nameOf(b).toLowerCase());

function byToolFile(model: Planned, names: (tool: ToolModel) => Name[]): Array<[string, Name[]]> {
  const grouped = new Map<string, Name[]>();
  for (const t of model.tools) grouped.set(t.file, [...(grouped.get(t.file) ?? []), ...names(t)]);
  return [...grouped].sort(([a], [b]) => compareStrings(a, b));
}

function toolsModule(model: Planned, tools: readonly ToolModel[], file: string): ImportPlan[] {
  // Only what these tools use (unused imports break a `noUnusedLocals` build), in case-insensitive order.
  const runtime = [
    ...new Set(tools.map((t) => t.optionsType)),
    ...(model.guard.enabled ? ['GuardError'] : []),
    'McpClientLike',
    'RuntimeError',
    ...(tools.some((t) => !t.outputType) ? ['ToolContent'] : []),
    ...(tools.some((t) => t.errorCodes.length > 0) ? ['ToolError'] : []),
    'ToolResult',
  ]
    .map(type)
    .concat('runTool')
    .sort(byName);
  const imports = [plan(file, model.files.runtime, runtime)];
  // Inputs, payloads, alternatives and the envelopes that carry codes.
  const used = tools.flatMap((t) => [
    ...(t.inputKind === 'object' ? [t.inputType] : []),
    ...t.branches.filter((b) => b.kind !== 'error').map((b) => b.typeName),
    ...t.errorCodes.flatMap((c) => (c.detailsType ? [c.detailsType] : [])),
  ]);
  // As a namespace: each of them is named once or twice below, and a list would name them again.
  if (used.length)
    imports.push(
      plan(file, model.files.types, [], { namespace: model.namespaces.types, typeOnly: true }),
    );
  // Each function hands the runtime its tool's spec, which validators.ts holds.
  if (tools.length)
    imports.push(plan(file, model.files.validators, [], { namespace: 'validators' }));
  // In its own file, a tool re-exports its input and output types: the file is everything about the tool.
  if (model.layout === 'per-tool') {
    const own = [
      ...new Set(tools.flatMap((t) => [t.inputType, ...(t.outputType ? [t.outputType] : [])])),
    ].sort();
    imports.push(plan(file, model.files.types, own, { typeOnly: true, reexport: true }));
  }
  return imports;
}

/** Whether a member of the client class calls the server: a tool method, or a resource, template or prompt helper. */
export function readsClient(model: Planned): boolean {
  return (
    model.tools.length > 0 ||
    model.resources.length > 0 ||
    model.templates.length > 0 ||
    model.prompts.length > 0
  );
}

function clientModule(model: Planned): ImportPlan[] {
  const file = model.files.client;
  const guarded = model.guard.enabled
    ? [type('GuardedClient'), type('GuardMode'), type('GuardOptions')]
    : [];
  const runtime: Name[] = [
    type('CatalogMonitor'),
    ...guarded,
    'guardWith',
    type(model.invokeOptionsType),
    type('McpClientLike'),
    // Read by the tool methods and the helpers; a catalog with neither has no use for it.
    ...(readsClient(model) ? [type('RequestOptions')] : []),
  ].sort(byName);
  if (model.resources.length || model.templates.length) runtime.push('readResource');
  if (model.resources.length) runtime.push(type('ResourceReader'));
  if (model.templates.length) runtime.push(type('ReadResourceResult'), 'expandUriTemplate');
  if (model.prompts.length) runtime.push('getPrompt', type('GetPromptResult'));
  const imports = [plan(file, model.files.runtime, runtime)];
  // The class names each tool's function, result and input once: one file of tools and the types as
  // namespaces (no list of names that says it again); per-tool files by name, a file a tool.
  if (model.files.tools !== undefined) {
    if (model.tools.length)
      imports.push(plan(file, model.files.tools, [], { namespace: model.namespaces.tools }));
  } else
    for (const [to, names] of byToolFile(model, (t) => [t.functionName, type(t.resultType)]))
      imports.push(plan(file, to, names));
  if (model.tools.some((t) => t.inputKind === 'object'))
    imports.push(
      plan(file, model.files.types, [], { namespace: model.namespaces.types, typeOnly: true }),
    );
  return imports;
}

/**
 * The public API: the client's names one by one, each tools module whole (it exports tool functions,
 * error-code objects, error and result types, and nothing else: the specs are in validators.ts), the
 * schema types and the runtime's public names.
 */
function indexModule(model: Planned): ImportPlan[] {
  const file = model.files.index;
  const helperTypes = [
    ...model.templates.map((t) => type(t.variablesType)),
    ...model.prompts.map((p) => type(p.argumentsType)),
  ];
  const exports = [
    plan(
      file,
      model.files.client,
      [
        model.className,
        type(model.optionsTypeName),
        ...(model.guard.enabled ? [model.guard.functionName] : []),
        ...helperTypes,
      ],
      { reexport: true },
    ),
  ];
  for (const [to] of byToolFile(model, () => []))
    exports.push(plan(file, to, [], { reexport: true, namespace: '*' }));
  exports.push(
    plan(file, model.files.types, [], { reexport: true, typeOnly: true, namespace: '*' }),
    plan(
      file,
      model.files.runtime,
      [
        // The guard's own exports only where a guard can refuse (the config's `guard`).
        ...(model.guard.enabled ? ['CatalogGuardError', 'GuardErrorCode'] : []),
        'McpProtocolError',
        'OutputEraMismatchError',
        'RuntimeErrorCode',
        'ToolCallError',
        'unwrap',
      ],
      { reexport: true },
    ),
    // The content block types too: `data.content` of a tool without an outputSchema is narrowed on them.
    plan(
      file,
      model.files.runtime,
      [
        'AudioContent',
        'CallToolResult',
        'CatalogChange',
        'CatalogField',
        'CatalogMonitor',
        'CheckErrorCode',
        'ContentBlock',
        'EmbeddedResource',
        ...(model.guard.enabled
          ? ['GuardError', 'GuardMode', 'GuardOptions', 'GuardedClient']
          : []),
        'ImageContent',
        'InvokeOptions',
        'McpClientLike',
        'ProtocolEra',
        'RequestOptions',
        'ResourceLink',
        'ResultEvent',
        'ShapeMismatch',
        'RuntimeError',
        'TextContent',
        'ToolContent',
        'ToolError',
        'ToolResult',
        'UncheckedInputOptions',
        'ValidationIssue',
      ],
      { reexport: true, typeOnly: true },
    ),
  );
  return exports;
}

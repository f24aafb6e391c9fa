import type { ImportPlan, ModulePlans } from '../types.js';
import { importOf, schemaObjectNames, toolFileImports } from './imports.js';
import type { AdapterPlan } from './types.js';

/**
 * The plan half of config `agents.standardSchema` (printed by src/emit/agents/schemas-file.ts):
 * schemas.ts with every tool's Standard Schema objects, `toolSchemas` for the AI SDK and
 * `classifyToolOutput`, over templates/runtime-standard.ts. The framework adapters read its objects.
 */
const RUNTIME = 'runtime-standard.ts';

/** What schemas.ts imports from the runtime (templates/runtime-standard.ts): no declaration may take them. */
const RUNTIME_EXPORTS = [
  'standardSchema',
  'StandardToolSchema',
  'StandardIssue',
  'StandardResult',
  'JsonSchemaTarget',
  'classifyOutput',
];

export const standardSchemaPlan: AdapterPlan = {
  key: 'standardSchema',
  files: { schemas: 'schemas.ts' },
  runtime: [RUNTIME],
  schemaObjects: { file: 'schemas', runtime: RUNTIME },
  reserved: ['toolSchemas', 'classifyToolOutput', ...RUNTIME_EXPORTS],
  modules(model, adapter): ModulePlans {
    const schemas = adapter.files.schemas!;
    const runtime = adapter.runtime[RUNTIME]!;
    // Every tool has its objects; the keyed maps hold the tools the model may see. A server with no
    // tools has neither, and no case to classify: an unused import fails a strict build.
    const offered = adapter.offered;
    const imports: ImportPlan[] = model.tools.length
      ? [
          importOf(schemas, runtime, [
            ...(offered.length ? ['classifyOutput'] : []),
            'standardSchema',
            ['StandardToolSchema', 'type'],
          ]),
        ]
      : [];
    const used = model.tools.flatMap((t) => [
      ...(t.inputKind === 'object' ? [t.inputType] : []),
      ...t.branches.map((b) => b.typeName),
    ]);
    if (used.length)
      imports.push(
        importOf(schemas, model.files.types, [...new Set(used)].sort(), { typeOnly: true }),
      );
    imports.push(...toolFileImports(offered, schemas, (t) => [[t.resultType, 'type']]));
    if (model.tools.length)
      imports.push(importOf(schemas, model.files.validators, [], { namespace: 'validators' }));
    return { [schemas]: imports };
  },
  indexExports(model, adapter): ImportPlan[] {
    const index = model.files.index;
    return [
      importOf(
        index,
        adapter.files.schemas!,
        ['classifyToolOutput', 'toolSchemas', ...schemaObjectNames(model.tools)],
        { reexport: true },
      ),
      importOf(
        index,
        adapter.runtime[RUNTIME]!,
        ['JsonSchemaTarget', 'StandardIssue', 'StandardResult', 'StandardToolSchema'],
        { reexport: true, typeOnly: true },
      ),
    ];
  },
  aggregate: {
    files: { schemas: 'schemas.ts' },
    // `joinToolSets`, which `flatToolSet` calls.
    runtime: ['runtime-agents.ts'],
    reserved: ['toolSchemas', 'flatToolSet', 'FLAT_TOOLS', 'joinToolSets'],
    claim: (values, base) => ({ toolSets: values.claim(`${base}ToolSets`) }),
  },
};

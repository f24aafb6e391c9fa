import { compareStrings } from '../shared/compare.js';
import { moduleSpecifier } from './module-plan.js';
import type { NamePlanner } from './naming.js';
import type { ClientModel, ImportPlan, MockModel, ModulePlans } from './types.js';

/**
 * The typed mock (config `mock`, issue 34): mock.ts's names and imports, decided by the one naming
 * pass like every other file's, so src/emit/client/mock-file.ts only prints.
 */

/** The package a generated mock.ts imports (a devDependency of the user's: mock.ts is for tests). */
const MOCK_PACKAGE = 'mcp-codegen/mock';

/**
 * mock.ts's top-level names, claimed right after the client class's whether or not the mock is on
 * (as the guard's are), so that turning it on renames nothing and no tool, type or `$defs` entry
 * can take one: a tool called `mock_error` gets `mockError2`, and mock.ts's `mockError` stays.
 */
export function claimMockNames(types: NamePlanner, serverBase: string): MockModel {
  return {
    define: types.claim(`define${serverBase}Mock`),
    create: types.claim(`create${serverBase}Mock`),
    handlersType: types.claim(`${serverBase}MockHandlers`),
    error: types.claim('mockError'),
    errorType: types.claim('MockCodedError'),
    detailsType: types.claim('MockErrorDetails'),
    fieldsType: types.claim('MockEnvelopeFields'),
    rawType: types.claim('MockRawResult'),
    answerType: types.claim('MockAnswer'),
    brand: types.claim('mockErrorCode'),
    tools: types.claim('mockTools'),
    namespace: types.claim('mcpCodegenMock'),
  };
}

type Planned = Omit<ClientModel, 'modules'>;

/** What mock.ts imports: the mock package as a namespace, the runtime's result types, the tools' types and codes. */
export function mockModule(model: Planned): ModulePlans {
  const file = model.files.mock;
  if (file === undefined || model.mock === undefined) return {};
  const { runtime, types } = model.files;
  const imports: ImportPlan[] = [
    { file: MOCK_PACKAGE, specifier: MOCK_PACKAGE, names: [], namespace: model.mock.namespace },
    {
      file: runtime,
      specifier: moduleSpecifier(file, runtime),
      names: [{ name: 'CallToolResult' }, { name: 'McpClientLike' }],
      typeOnly: true,
    },
  ];
  const codes = new Map<string, string[]>();
  for (const t of model.tools)
    if (t.errorCodeEnum) codes.set(t.file, [...(codes.get(t.file) ?? []), t.errorCodeEnum]);
  for (const [from, names] of [...codes].sort(([a], [b]) => compareStrings(a, b)))
    imports.push({
      file: from,
      specifier: moduleSpecifier(file, from),
      names: names.map((name) => ({ name })),
      typeOnly: true,
    });
  const used = model.tools.flatMap((t) => [
    ...(t.inputKind === 'object' ? [t.inputType] : []),
    ...t.branches.map((b) => b.typeName),
  ]);
  if (used.length)
    imports.push({
      file: types,
      specifier: moduleSpecifier(file, types),
      names: [...new Set(used)].sort().map((name) => ({ name })),
      typeOnly: true,
    });
  return { [file]: imports };
}

import { compareStrings } from '../../shared/compare.js';
import { moduleSpecifier } from '../module-plan.js';
import type { ImportPlan, ToolModel } from '../types.js';
import type { PlannedClient } from './types.js';

/**
 * The import plans the adapters' modules are made of (module-plan.ts plans the client's own): one
 * import of one file, the functions of each tool's file, and the tools' input types.
 */

/** A name to import, or `[name, 'type']` for a type-only one. */
export type ImportName = string | [string, 'type'];

const names = (list: readonly ImportName[]) =>
  list.map((n) => (typeof n === 'string' ? { name: n } : { name: n[0], type: true }));

/** `from` imports `list` of `file` (both relative to the output folder; a package's name as both for a package). */
export function importOf(
  from: string,
  file: string,
  list: readonly ImportName[],
  extra: Partial<ImportPlan> = {},
): ImportPlan {
  return { file, specifier: moduleSpecifier(from, file), names: names(list), ...extra };
}

/** An import of a package: its name is the file and the specifier. */
export function packageImport(name: string, list: readonly ImportName[]): ImportPlan {
  return { file: name, specifier: name, names: names(list) };
}

/** What `from` imports of each tool's file (tools.ts, or one file a tool), in file order. */
export function toolFileImports(
  tools: readonly ToolModel[],
  from: string,
  of: (t: ToolModel) => ImportName[],
): ImportPlan[] {
  const byFile = new Map<string, ImportName[]>();
  for (const t of tools) byFile.set(t.file, [...(byFile.get(t.file) ?? []), ...of(t)]);
  return [...byFile]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([file, list]) => importOf(from, file, list));
}

/** The tools' input types, for an adapter that types its calls with them (an open input has none). */
export function inputTypeImports(
  model: PlannedClient,
  tools: readonly ToolModel[],
  from: string,
): ImportPlan[] {
  const inputs = [
    ...new Set(tools.flatMap((t) => (t.inputKind === 'object' ? [t.inputType] : []))),
  ].sort();
  return inputs.length ? [importOf(from, model.files.types, inputs, { typeOnly: true })] : [];
}

/** The Standard Schema objects of the tools, input first then output, as their file exports them. */
export const schemaObjectNames = (tools: readonly ToolModel[]): string[] =>
  tools.flatMap((t) =>
    t.schemaObjects
      ? [t.schemaObjects.input, ...(t.schemaObjects.output ? [t.schemaObjects.output] : [])]
      : [],
  );

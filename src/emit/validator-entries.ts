import type { ClientModel, ToolModel } from '../model/types.js';
import type { JsonObject } from '../snapshot/types.js';

/** One schema validated at run time, and the export of validators.ts that checks it. */
export interface ValidatorEntry {
  name: string;
  schema: JsonObject;
}

/**
 * validators.ts export names derive from the spec name, which the naming pass already made unique
 * and identifier-safe: `<Spec>_input` and `<Spec>_<branch index>`. tools.ts reads them through the
 * `validators` namespace import, so they cannot clash with its own names.
 */
export function inputValidatorName(tool: ToolModel): string {
  return `${tool.specName}_input`;
}

export function branchValidatorName(tool: ToolModel, index: number): string {
  return `${tool.specName}_${index}`;
}

/** Every schema the generated client validates against, in tool order: output branches, then the input. */
export function validatorEntries(model: ClientModel): ValidatorEntry[] {
  const entries: ValidatorEntry[] = [];
  for (const tool of model.tools) {
    for (const branch of tool.branches) entries.push({ name: branchValidatorName(tool, branch.index), schema: branch.validationSchema });
    if (tool.inputValidationSchema) entries.push({ name: inputValidatorName(tool), schema: tool.inputValidationSchema });
  }
  return entries;
}

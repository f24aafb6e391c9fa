import type { ClientModel, ToolModel } from '../../model/types.js';
import type { JsonObject } from '../../snapshot/types.js';

/** One schema validated at run time, and the export of validators.ts that checks it. */
export interface ValidatorEntry {
  name: string;
  schema: JsonObject;
}

/** The validators.ts export names the planner gave a tool's input and branches (src/model/build.ts). */
export function inputValidatorName(tool: ToolModel): string {
  if (tool.inputValidator === undefined) throw new Error(`${tool.specName} validates no input`);
  return tool.inputValidator;
}

export function branchValidatorName(tool: ToolModel, index: number): string {
  const branch = tool.branches.find((b) => b.index === index);
  if (branch === undefined) throw new Error(`${tool.specName} has no branch ${index}`);
  return branch.validator;
}

/**
 * Every schema the generated client validates against, in tool order: output branches, then the
 * input; a validator the planner shared between tools (src/model/validator-sharing.ts) once.
 */
export function validatorEntries(model: ClientModel): ValidatorEntry[] {
  const entries = new Map<string, ValidatorEntry>();
  const add = (name: string, schema: JsonObject) => {
    if (!entries.has(name)) entries.set(name, { name, schema });
  };
  for (const tool of model.tools) {
    for (const branch of tool.branches)
      add(branchValidatorName(tool, branch.index), branch.validationSchema);
    if (tool.inputValidationSchema) add(inputValidatorName(tool), tool.inputValidationSchema);
    const standard = tool.schemaObjects;
    if (standard?.outputValidator && standard.outputValidationSchema)
      add(standard.outputValidator, standard.outputValidationSchema);
  }
  return [...entries.values()];
}

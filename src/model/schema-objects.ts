import type { SharedDefinitions } from './shared-definitions.js';
import type { NamePlanner } from './naming.js';
import type { BranchModel, ToolModel, ToolSchemaNames } from './types.js';

/**
 * A tool's Standard Schema objects (`GetForecastInputSchema`, `GetForecastOutputSchema`): planned
 * for every tool when an adapter that reads them is on (src/model/adapters/), and exported for the
 * app's own use too. Their names are claimed right after the tool's own, so a `$defs` type never
 * takes one.
 */
export function claimToolSchemaNames(
  types: NamePlanner,
  base: string,
  hasOutput: boolean,
): { input: string; output?: string } {
  const input = types.claim(`${base}InputSchema`);
  return hasOutput ? { input, output: types.claim(`${base}OutputSchema`) } : { input };
}

/** The validator of the whole output schema, named like the branch validators (`<Spec>_output`). */
export function toolSchemaNames(
  claimed: { input: string; output?: string },
  tool: Pick<ToolModel, 'tool' | 'specName'>,
  definitions: SharedDefinitions,
): ToolSchemaNames {
  const output = tool.tool.outputSchema;
  if (claimed.output === undefined || output === undefined) return { input: claimed.input };
  return {
    ...claimed,
    outputValidator: `${tool.specName}_output`,
    outputValidationSchema: definitions.validationSchema(output),
  };
}

/** The TypeScript type a Standard Schema output stands for: any branch of the schema, as sent. */
export function outputUnion(branches: readonly BranchModel[]): string {
  return [...new Set(branches.map((b) => b.typeName))].join(' | ') || 'unknown';
}

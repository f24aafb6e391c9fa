import type { ToolModel } from './types.js';

/**
 * validators.ts holds each schema once: where a tool's branch, input or whole output validates against
 * a schema byte-identical to one an earlier validator holds (in validators.ts's order: per tool its
 * branches, its input, its whole output), it names that validator, and no export of its own is
 * written. So a catalog whose tools share an output schema has one validator for it, named after the
 * first tool, and no alias a tool; every file that refers to a validator reads the name from here.
 */
export function shareValidators(tools: readonly ToolModel[]): ToolModel[] {
  const first = new Map<string, string>(); // the schema's JSON → the validator that holds it
  const named = (name: string, schema: unknown): string => {
    const key = schemaKey(schema);
    if (key === undefined) return name;
    const known = first.get(key);
    if (known === undefined) first.set(key, name);
    return known ?? name;
  };
  return tools.map((tool) => {
    const branches = tool.branches.map((b) => ({
      ...b,
      validator: named(b.validator, b.validationSchema),
    }));
    const { inputValidator, inputValidationSchema, schemaObjects } = tool;
    const output = schemaObjects?.outputValidator;
    return {
      ...tool,
      branches,
      ...(inputValidator !== undefined && inputValidationSchema !== undefined
        ? { inputValidator: named(inputValidator, inputValidationSchema) }
        : {}),
      ...(schemaObjects !== undefined && output !== undefined
        ? {
            schemaObjects: {
              ...schemaObjects,
              outputValidator: named(output, schemaObjects.outputValidationSchema),
            },
          }
        : {}),
    };
  });
}

// A schema JSON.stringify cannot write (nested too deeply) is not shared: validators.ts rejects it on its own.
function schemaKey(schema: unknown): string | undefined {
  try {
    return JSON.stringify(schema);
  } catch {
    return undefined;
  }
}

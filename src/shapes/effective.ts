import type { OutputOverride } from '../config/types.js';
import type { JsonObject } from '../shared/json.js';
import type { Tool } from '../snapshot/types.js';
import { JSON_FORMS, type Shapes } from './types.js';

/** Where a tool's result type comes from when the server declares no outputSchema. */
export type OutputOrigin = 'override' | 'inferred';

/** A result schema the server did not declare: written by hand, or inferred from samples. */
export interface UndeclaredOutput {
  schema: JsonObject;
  origin: OutputOrigin;
}

/**
 * Per tool name, the result schema it gets from the config's `outputs` or the shapes file. Only a
 * shape whose every sample carried JSON counts: a tool that answered plain text (or an image) even
 * once keeps `ToolContent`, since a typed payload would be a claim the samples do not back.
 */
export function undeclaredOutputs(
  shapes: Shapes,
  overrides: Readonly<Record<string, OutputOverride>> | undefined,
): Map<string, UndeclaredOutput> {
  const out = new Map<string, UndeclaredOutput>();
  for (const [name, shape] of shapes.tools) {
    if (shape.schema === undefined || !shape.content.every((form) => JSON_FORMS.has(form)))
      continue;
    const versions = shape.seenOn.length ? ` on server version ${shape.seenOn.join(', ')}` : '';
    const note = `Inferred by \`mcp-codegen sample\` from samples of the tool's results (${shape.content.join(', ')})${versions}; not declared by the server.`;
    out.set(name, { schema: { ...shape.schema, description: note }, origin: 'inferred' });
  }
  for (const name of Object.keys(overrides ?? {})) {
    const schema = overrides![name]!.schema as JsonObject;
    const note =
      "Written by hand in the config's `outputs`; not declared by the server, so results are checked against it as a hypothesis.";
    const own = typeof schema.description === 'string' ? `${schema.description}\n\n` : '';
    out.set(name, { schema: { ...schema, description: own + note }, origin: 'override' });
  }
  return out;
}

/**
 * The tool with its effective result schema: a declared outputSchema always wins (precedence:
 * declared > override > inferred); otherwise the undeclared one, if any.
 */
export function withUndeclaredOutput(
  tool: Tool,
  outputs: ReadonlyMap<string, UndeclaredOutput> | undefined,
): { tool: Tool; origin?: OutputOrigin } {
  if (tool.outputSchema !== undefined) return { tool };
  const undeclared = outputs?.get(tool.name);
  if (undeclared === undefined) return { tool };
  return { tool: { ...tool, outputSchema: undeclared.schema }, origin: undeclared.origin };
}

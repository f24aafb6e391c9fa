/**
 * mcp-codegen runtime: what the agent adapters' generated files call at run time. A client's own
 * copy holds it with `agents.openai` (openai-agents.ts: `parametersOf`, `modelOutput` and the
 * parameter types), an aggregate's with `aggregate.agents.standardSchema` (schemas.ts: `joinToolSets`).
 * It imports nothing, so an aggregate whose servers share no runtime copies it alone.
 */

/** The JSON Schema `tool()` takes with `strict: true`: every object closed and every property required. */
export type StrictParameters = {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
};

/** The JSON Schema `tool()` takes with `strict: false` (typed as open; the server's schema goes to the model as it is). */
export type NonStrictParameters = {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: true;
};

/** What `parametersOf` reads of a Standard Schema object (runtime-standard.ts `StandardToolSchema`). */
interface JsonSchemaSource {
  readonly '~standard': {
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
}

/** A tool's input schema as OpenAI reads it: the server's, in JSON Schema 2020-12, without `$schema`. */
export function parametersOf(schema: JsonSchemaSource): Record<string, unknown> {
  const parameters = schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
  delete parameters.$schema;
  return parameters;
}

/**
 * What the model reads of a call: the data, or a coded error as the server said it (its code,
 * message and details), as JSON text rather than a thrown stack.
 */
export function modelOutput(
  result:
    | { ok: true; data: unknown }
    | {
        ok: false;
        error: { code: string; serverCode?: string | undefined; message: string; details: unknown };
      },
): unknown {
  if (result.ok) return result.data;
  const { code, serverCode, message, details } = result.error;
  return JSON.stringify({ error: { code, serverCode, message, details } });
}

/**
 * The AI SDK's tool sets of several servers as one: each `[flat name, server, wire name]` row takes
 * that server's set's own tool under the flat name. A tool a set does not have is left out. Only own
 * keys are read, so a wire name such as `__proto__` or `constructor` reaches no prototype.
 */
export function joinToolSets(
  rows: ReadonlyArray<readonly [string, string, string]>,
  sets: object,
): Record<string, unknown> {
  const joined: Record<string, unknown> = {};
  for (const [name, server, tool] of rows) {
    const set = (sets as Record<string, object | undefined>)[server];
    if (set !== undefined && Object.prototype.hasOwnProperty.call(set, tool))
      joined[name] = (set as Record<string, unknown>)[tool];
  }
  return joined;
}

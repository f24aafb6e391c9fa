import type { ClientModel, ToolModel } from '../../model/types.js';
import type { ToolAnnotations } from '../../snapshot/types.js';
import { block, jsDoc } from '../print/print.js';
import { docs, lineText, str } from '../print/text.js';

/** The class method's JSDoc: the tool's title and description (server text, escaped), the hints, and what it calls. */
export function toolDocs(tool: ToolModel): string[] {
  const t = tool.tool;
  return docs(
    t.title ?? t.annotations?.title,
    t.description,
    annotationNotes(t.annotations),
    openInputNote(tool),
    `Calls the tool ${str(t.name)}.`,
  );
}

/**
 * The standalone function's JSDoc: the tool's summary (its title, or its description's first
 * sentence), what it calls, and a link to the class method, whose doc holds the full text: the
 * description is written once, not twice. Where the summary is all the method's doc says too (no
 * more description, no hints), the same doc without the link.
 */
function functionDocs(tool: ToolModel, model: ClientModel): string[] {
  const calls = `Calls the tool ${str(tool.tool.name)}.`;
  const short = docs(tool.summary, openInputNote(tool), calls);
  const full = toolDocs(tool);
  if (short.join() === full.join()) return full;
  return docs(
    tool.summary,
    openInputNote(tool),
    `${calls} Full text: {@link ${model.className}.${tool.method}}.`,
  );
}

/** The parameter type of the tool's input: its own type, or an open object (see input-kind.ts). */
export function inputParameterType(tool: ToolModel): string {
  return tool.inputKind === 'object' ? tool.inputType : 'Record<string, unknown>';
}

/**
 * `getForecast(client, input, options?)`: the tool as a standalone function. The config's defaults
 * for validation apply when `options` leaves them out; the result type is named once, by `<Tool>Result`.
 */
/** A types.ts name as a tools module (or client.ts) refers to it: through the namespace it imports types.ts as. */
export const typeRef = (model: ClientModel, name: string): string =>
  `${model.namespaces.types}.${name}`;

export function toolFunction(tool: ToolModel, model: ClientModel): string {
  const type =
    tool.inputKind === 'object' ? typeRef(model, tool.inputType) : inputParameterType(tool);
  const input = `input: ${type}${tool.inputOptional ? ' = {}' : ''}`;
  const signature = `${tool.functionName}(client: McpClientLike, ${input}, options?: ${tool.optionsType}): Promise<${tool.resultType}>`;
  // `runTool`'s result type is inferred from the function's own, which names it once.
  const call = `return runTool(client, validators.${tool.specName}, input, ${optionsWithDefaults(model)});`;
  return `${jsDoc(functionDocs(tool, model))}export function ${signature} ${block([call])}`;
}

// The runtime validates output unless told not to and input only when told to: the config's other
// choices are written into each function, so the call needs no shared mutable default.
function optionsWithDefaults(model: ClientModel): string {
  const defaults = [
    ...(model.validateOutput ? [] : ['validateOutput: options?.validateOutput ?? false']),
    ...(model.validateInput ? ['validateInput: options?.validateInput ?? true'] : []),
  ];
  return defaults.length ? `{ ...options, ${defaults.join(', ')} }` : 'options';
}

/** Why a function takes an open object: its schema's own type is exported, but is not what MCP sends. */
function openInputNote(tool: ToolModel): string | undefined {
  if (tool.inputKind === 'object') return undefined;
  return `The server's inputSchema does not describe an object (its type is exported as \`${tool.inputType}\`); MCP sends arguments as an object, so this takes one.`;
}

/** The spec's defaults are filled in, so the doc states what a client may assume. */
function annotationNotes(annotations: ToolAnnotations | undefined): string | undefined {
  if (!annotations) return undefined;
  const readOnly = annotations.readOnlyHint === true;
  const notes = [
    readOnly ? 'read-only' : 'may modify its environment',
    !readOnly && annotations.destructiveHint !== false ? 'may be destructive' : undefined,
    annotations.idempotentHint === true ? 'idempotent' : undefined,
    annotations.openWorldHint === false ? 'closed world' : 'may reach external systems',
  ].filter(Boolean);
  return `Hints from the server (not guarantees): ${notes.map((n) => lineText(n!)).join(', ')}.`;
}

import type { ClientModel, ToolModel } from '../../model/types.js';
import { helperGroups, resourceReaderMethod } from './helper-members.js';
import { helperTypeStatements, interfaceText } from './helper-types.js';
import { readsClient } from '../../model/module-plan.js';
import { importText } from '../print/imports.js';
import { INDENT, block, jsDoc, type ClassStatement, type Statement } from '../print/print.js';
import { docs, str } from '../print/text.js';
import { guardConstructorLines, guardStatements } from './guard-statements.js';
import { inputParameterType, toolDocs, typeRef } from './tool-function.js';

/** `client.ts`: the client class, a thin façade over the tool functions, and resource/template/prompt helpers. */
export function clientStatements(model: ClientModel): Statement[] {
  const statements: Statement[] = (model.modules[model.files.client] ?? []).map(importText);
  statements.push(...helperTypeStatements(model));
  statements.push(
    interfaceText([], model.optionsTypeName, [
      {
        name: 'validateOutput',
        optional: true,
        type: 'boolean',
        docs: docs(
          `Validate each result against the tool's outputSchema (default ${model.validateOutput}). A payload that does not match comes back as \`ok: false\` with code \`$invalid_result\`.`,
        ),
      },
      // Without embedded input schemas only `false` type-checks: `true` could do nothing.
      inputEmbedded(model)
        ? {
            name: 'validateInput',
            optional: true,
            type: 'boolean',
            docs: docs(
              "Validate arguments against the tool's inputSchema before sending (default true). Invalid arguments are not sent: the result is `ok: false` with code `$invalid_input`.",
            ),
          }
        : {
            name: 'validateInput',
            optional: true,
            type: 'false',
            docs: docs(
              'Input validation is off: the input schemas were not embedded. Set `validateInput: true` in the config (and regenerate) to validate arguments before sending.',
            ),
          },
      ...guardOptions(model),
      ...shapeOptions(model),
      {
        name: 'onResult',
        optional: true,
        type: `${model.invokeOptionsType}['onResult']`,
        docs: docs(
          "Called with every tool result as it arrives (off by default): the tool, the arguments' shape (not their values), the raw result. `mcp-codegen/record` writes these to a folder for `mcp-codegen sample --from`.",
        ),
      },
    ]),
  );
  statements.push(...guardStatements(model));
  statements.push(clientClass(model));
  return statements;
}

/** The class's `guard` and `onGuardWarning` options, only where the config's `guard` is on. */
function guardOptions(model: ClientModel) {
  if (!model.guard.enabled) return [];
  return [
    {
      name: 'guard',
      optional: true,
      type: 'GuardMode',
      docs: docs(
        "Compare the server's live tools with the ones this client was generated from (default `off`: never listed unless `catalog.verify()` is called). `block`: a changed tool fails with `$changed`, a removed one with `$unavailable`, before anything is sent; `warn`: the call goes through and `onGuardWarning` is told.",
      ),
    },
    {
      name: 'onGuardWarning',
      optional: true,
      type: "GuardOptions['onWarning']",
      docs: docs(
        'In `warn` mode, told once per tool and catalog version when a changed or removed tool is called (default `console.warn`).',
      ),
    },
  ];
}

/** The class: its fields and helper groups, the constructor, then one method per tool, a blank line between members. */
function clientClass(model: ClientModel): ClassStatement {
  const info = model.serverInfo;
  const doc = docs(
    `Typed client for the MCP server ${str(info?.title ?? info?.name ?? model.serverName)}.`,
    'Wraps a connected MCP client: the SDK v2 `Client` (`@modelcontextprotocol/client`), the SDK v1 `Client` (`@modelcontextprotocol/sdk`), or anything with a compatible `callTool`.',
  );
  const shaped = hasShapes(model);
  // A server with no tools: no method reads the call options, and with no helper either, none the
  // client (unused private members break a `noUnusedLocals` build).
  const tools = model.tools.length > 0;
  const fields = [
    ...(readsClient(model) ? [`${INDENT}readonly #client: McpClientLike;\n`] : []),
    ...(tools ? [`${INDENT}readonly #validateOutput: boolean;\n`] : []),
    ...(tools && inputEmbedded(model) ? [`${INDENT}readonly #validateInput: boolean;\n`] : []),
    `${jsDoc(docs('The live catalog against the one this client was generated from: `verify()` and `onChange(listener)`.'), INDENT)}${INDENT}readonly ${model.guard.member}: CatalogMonitor;\n`,
    ...(tools
      ? [
          `${INDENT}readonly #hooks: Pick<${model.invokeOptionsType}, ${shaped ? "'strictShapes' | 'onShapeMismatch' | " : ''}'onResult'>;\n`,
        ]
      : []),
    ...helperGroups(model),
  ];
  const optionLines = tools
    ? [
        `this.#validateOutput = options.validateOutput ?? ${model.validateOutput};`,
        ...(inputEmbedded(model)
          ? [`this.#validateInput = options.validateInput ?? ${model.validateInput};`]
          : []),
        `this.#hooks = { ${shaped ? 'strictShapes: options.strictShapes, onShapeMismatch: options.onShapeMismatch, ' : ''}onResult: options.onResult };`,
      ]
    : [];
  // Read by the guard or the tools' options; otherwise `_options`, which `noUnusedParameters` allows.
  const options = tools || model.guard.enabled ? 'options' : '_options';
  const ctor = `${INDENT}constructor(client: McpClientLike, ${options}: ${model.optionsTypeName} = {}) ${block(
    [...guardConstructorLines(model), ...optionLines],
    INDENT,
  )}\n`;
  const separated = [
    ctor,
    ...model.tools.map((tool) => toolMethod(tool, model)),
    ...(tools ? [invokeOptionsMethod(model)] : []),
    ...resourceReaderMethod(model),
  ];
  return {
    head: `${jsDoc(doc)}export class ${model.className}`,
    members: [
      ...fields.map((text) => ({ text, blankBefore: false })),
      ...separated.map((text) => ({ text, blankBefore: true })),
    ],
  };
}

/** A method of the class, with its doc and a one-statement body. */
const method = (doc: string[], signature: string, statement: string) =>
  `${jsDoc(doc, INDENT)}${INDENT}${signature} ${block([statement], INDENT)}\n`;

// What the tools' file (the single layout's) and types.ts export, through client.ts's namespaces;
// per-tool files are imported by name.
function toolMethod(tool: ToolModel, model: ClientModel): string {
  const tools = (name: string) =>
    model.files.tools === undefined ? name : `${model.namespaces.tools}.${name}`;
  const type =
    tool.inputKind === 'object' ? typeRef(model, tool.inputType) : inputParameterType(tool);
  const input = `input: ${type}${tool.inputOptional ? ' = {}' : ''}`;
  return method(
    toolDocs(tool),
    `${tool.method}(${input}, options?: RequestOptions): Promise<${tools(tool.resultType)}>`,
    `return ${tools(tool.functionName)}(this.#client, input, this.#invokeOptions(options));`,
  );
}

function invokeOptionsMethod(model: ClientModel): string {
  const validateInput = inputEmbedded(model) ? ' validateInput: this.#validateInput,' : '';
  return method(
    [],
    `#invokeOptions(request: RequestOptions | undefined): ${model.invokeOptionsType}`,
    `return { validateOutput: this.#validateOutput,${validateInput} request, ...this.#hooks };`,
  );
}

/** Whether a tool's result type is one the server did not declare (sampled, or written by hand). */
function hasShapes(model: ClientModel): boolean {
  return model.tools.some((tool) => tool.outputOrigin !== undefined);
}

/** The options of clients with such tools only: every other client stays as it was. */
function shapeOptions(model: ClientModel) {
  if (!hasShapes(model)) return [];
  return [
    {
      name: 'strictShapes',
      optional: true,
      type: 'boolean',
      docs: docs(
        'A tool whose result type was inferred from samples or written by hand (the server declares none): a result that does not match it comes back as `ok: false` with code `$invalid_result` (default false: `ok: true` with the data, and `onShapeMismatch` is called).',
      ),
    },
    {
      name: 'onShapeMismatch',
      optional: true,
      type: `${model.invokeOptionsType}['onShapeMismatch']`,
      docs: docs('Called once per result that does not match an inferred or hand-written shape.'),
    },
  ];
}

/** Whether the input schemas are in the output (`validateInput`, or Standard Schema objects need them). */
function inputEmbedded(model: ClientModel): boolean {
  return model.invokeOptionsType === 'InvokeOptions';
}

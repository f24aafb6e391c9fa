import type {
  ClientModel,
  PromptModel,
  ResourceModel,
  TemplateModel,
  ToolModel,
} from '../../model/types.js';
import { helperTypeStatements, interfaceText } from './helper-types.js';
import { readsClient } from '../../model/module-plan.js';
import { importText } from '../print/imports.js';
import {
  INDENT,
  block,
  hanging,
  jsDoc,
  type ClassStatement,
  type Statement,
} from '../print/print.js';
import { docs, str } from '../print/text.js';
import { guardConstructorLines, guardStatements } from './guard-statements.js';
import { inputParameterType, toolDocs } from './tool-function.js';

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
    tool.inputKind === 'object'
      ? `${model.namespaces.types}.${tool.inputType}`
      : inputParameterType(tool);
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

function helperGroups(model: ClientModel): string[] {
  const groups = [
    group(model.groups.resources, RESOURCES_DOC, model.resources.map(resourceMember)),
    group(model.groups.templates, TEMPLATES_DOC, model.templates.map(templateMember)),
    group(model.groups.prompts, PROMPTS_DOC, model.prompts.map(promptMember)),
  ];
  return groups.filter((g) => g !== undefined);
}

const RESOURCES_DOC = 'Read the resources the server listed.';
const TEMPLATES_DOC =
  'Expand a resource template from typed variables (RFC 6570) and read the resource.';
const PROMPTS_DOC = 'Get the prompts the server listed, with typed arguments.';

interface Member {
  doc: Array<string | undefined>;
  text: string;
}

/** The doc every helper member gets: its title (or name), its description, then what it reads or gets. */
const memberDoc = (e: { title?: string; name: string; description?: string }, note: string) => [
  e.title ?? e.name,
  e.description,
  note,
];

function resourceMember({ resource, member }: ResourceModel): Member {
  const call = `readResource(this.#client, ${str(resource.uri)}, options)`;
  const text = `${member}: (options?: RequestOptions): Promise<ReadResourceResult> => ${call}`;
  return { doc: memberDoc(resource, `Reads ${str(resource.uri)}.`), text };
}

function templateMember({ template, member, variablesType, variables }: TemplateModel): Member {
  const uri = str(template.uriTemplate);
  const fallback = variables.some((v) => v.required) ? '' : ' = {}';
  const call = `readResource(this.#client, expandUriTemplate(${uri}, variables), options)`;
  const text = `${member}: (variables: ${variablesType}${fallback}, options?: RequestOptions): Promise<ReadResourceResult> => ${call}`;
  return { doc: memberDoc(template, `Reads ${uri}.`), text };
}

function promptMember({ prompt, member, argumentsType, argumentsOptional }: PromptModel): Member {
  const name = str(prompt.name);
  const signature = `(args: ${argumentsType}${argumentsOptional ? ' = {}' : ''}, options?: RequestOptions): Promise<GetPromptResult>`;
  return {
    doc: memberDoc(prompt, `Gets the prompt ${name}.`),
    text: `${member}: ${signature} => getPrompt(this.#client, ${name}, { ...args }, options)`,
  };
}

/** One readonly group property (`resources`, `templates`, `prompts`), when the server listed any and the planner named it. */
function group(name: string | undefined, doc: string, members: Member[]): string | undefined {
  if (!members.length || !name) return undefined;
  const initializer = hanging(object(members), INDENT + INDENT);
  return `${jsDoc(docs(doc), INDENT)}${INDENT}readonly ${name} = ${initializer};\n`;
}

function object(members: Member[]): string {
  const body = members.map((m) => {
    const [text] = docs(...m.doc);
    const comment = text
      ? `/**\n${text
          .split('\n')
          .map((l) => ` * ${l}`.trimEnd())
          .join('\n')}\n */\n`
      : '';
    return `${comment}${m.text},`;
  });
  return `{\n${body.join('\n')}\n} as const`;
}

/** Whether the input schemas are in the output (`validateInput`, or Standard Schema objects need them). */
function inputEmbedded(model: ClientModel): boolean {
  return model.invokeOptionsType === 'InvokeOptions';
}

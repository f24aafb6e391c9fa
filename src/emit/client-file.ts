import {
  StructureKind,
  type MethodDeclarationStructure,
  type PropertyDeclarationStructure,
  type StatementStructures,
} from 'ts-morph';
import type {
  ClientModel,
  PromptModel,
  ResourceModel,
  TemplateModel,
  ToolModel,
} from '../model/types.js';
import { helperTypeStatements } from './helper-types.js';
import { importText } from './imports.js';
import { docs, str } from './text.js';
import { inputParameterType, toolDocs } from './tool-function.js';

/** `client.ts`: the client class, a thin façade over the tool functions, and resource/template/prompt helpers. */
export function clientStatements(model: ClientModel): Array<string | StatementStructures> {
  const statements: Array<string | StatementStructures> = (
    model.modules[model.files.client] ?? []
  ).map(importText);
  statements.push(...helperTypeStatements(model));

  statements.push({
    kind: StructureKind.Interface,
    name: model.optionsTypeName,
    isExported: true,
    properties: [
      {
        name: 'validateOutput',
        hasQuestionToken: true,
        type: 'boolean',
        docs: docs(
          `Validate each result against the tool's outputSchema (default ${model.validateOutput}). A payload that does not match comes back as \`ok: false\` with code \`$invalid_result\`.`,
        ),
      },
      {
        name: 'validateInput',
        hasQuestionToken: true,
        type: 'boolean',
        docs: docs(
          `Validate arguments against the tool's inputSchema before sending (default ${model.validateInput}${model.validateInput ? '' : '; needs `validateInput: true` in the config, which embeds the input schemas'}).`,
        ),
      },
    ],
  });

  const info = model.serverInfo;
  statements.push({
    kind: StructureKind.Class,
    name: model.className,
    isExported: true,
    docs: docs(
      `Typed client for the MCP server ${str(info?.title ?? info?.name ?? model.serverName)}.`,
      'Wraps a connected MCP client: the SDK v2 `Client` (`@modelcontextprotocol/client`), the SDK v1 `Client` (`@modelcontextprotocol/sdk`), or anything with a compatible `callTool`.',
    ),
    properties: [
      { name: '#client', isReadonly: true, type: 'McpClientLike' },
      { name: '#validateOutput', isReadonly: true, type: 'boolean' },
      { name: '#validateInput', isReadonly: true, type: 'boolean' },
      ...helperGroups(model),
    ],
    ctors: [
      {
        parameters: [
          { name: 'client', type: 'McpClientLike' },
          { name: 'options', type: model.optionsTypeName, initializer: '{}' },
        ],
        statements: [
          'this.#client = client;',
          `this.#validateOutput = options.validateOutput ?? ${model.validateOutput};`,
          `this.#validateInput = options.validateInput ?? ${model.validateInput};`,
        ],
      },
    ],
    methods: [...model.tools.map(toolMethod), invokeOptionsMethod()],
  });
  return statements;
}

function toolMethod(tool: ToolModel): MethodDeclarationStructure {
  return {
    kind: StructureKind.Method,
    name: tool.method,
    docs: toolDocs(tool),
    parameters: [
      {
        name: 'input',
        type: inputParameterType(tool),
        ...(tool.inputOptional ? { initializer: '{}' } : {}),
      },
      { name: 'options', type: 'RequestOptions', hasQuestionToken: true },
    ],
    returnType: `Promise<${tool.resultType}>`,
    statements: [`return ${tool.functionName}(this.#client, input, this.#invokeOptions(options));`],
  };
}

function invokeOptionsMethod(): MethodDeclarationStructure {
  return {
    kind: StructureKind.Method,
    name: '#invokeOptions',
    parameters: [{ name: 'request', type: 'RequestOptions | undefined' }],
    returnType: 'InvokeOptions',
    statements: [
      'return { validateOutput: this.#validateOutput, validateInput: this.#validateInput, request };',
    ],
  };
}

function helperGroups(model: ClientModel): PropertyDeclarationStructure[] {
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
function group(
  name: string | undefined,
  doc: string,
  members: Member[],
): PropertyDeclarationStructure | undefined {
  if (!members.length || !name) return undefined;
  return {
    kind: StructureKind.Property,
    name,
    isReadonly: true,
    docs: docs(doc),
    initializer: object(members),
  };
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

import type { ClientModel, PromptModel, ResourceModel, TemplateModel } from '../../model/types.js';
import { INDENT, block, hanging, jsDoc } from '../print/print.js';
import { docs, str } from '../print/text.js';

/** The class's `resources`, `templates` and `prompts` groups, each a readonly property. */
export function helperGroups(model: ClientModel): string[] {
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

// A resource's member is the class's reader of its URI: the signature is said once, by `ResourceReader`
// (named again on each member so a declaration file can be written from the member alone).
function resourceMember({ resource, member }: ResourceModel): Member {
  const text = `${member}: this.${RESOURCE_READER}(${str(resource.uri)}) as ResourceReader`;
  return { doc: memberDoc(resource, `Reads ${str(resource.uri)}.`), text };
}

const RESOURCE_READER = '#resource';

/** The private method the resource members are made by; only in a class with resources. */
export function resourceReaderMethod(model: ClientModel): string[] {
  if (!model.resources.length) return [];
  return [
    `${INDENT}${RESOURCE_READER}(uri: string): ResourceReader ${block(['return (options) => readResource(this.#client, uri, options);'], INDENT)}\n`,
  ];
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

import type { ClientModel } from '../../model/types.js';
import { INDENT, jsDoc } from '../print/print.js';
import { docs, propertyKey, str } from '../print/text.js';

/** An interface member: its doc, name and type. */
interface InterfaceMember {
  docs?: string[];
  name: string;
  optional: boolean;
  type: string;
}

/** `export interface Name { … }`, one member a line, each after its doc. */
export function interfaceText(
  doc: string[],
  name: string,
  members: readonly InterfaceMember[],
): string {
  const body = members.map(
    (m) => `${jsDoc(m.docs ?? [], INDENT)}${INDENT}${m.name}${m.optional ? '?' : ''}: ${m.type};\n`,
  );
  return `${jsDoc(doc)}export interface ${name} {\n${body.join('')}}`;
}

/** The argument types of the client's template and prompt helpers, declared next to the helpers in client.ts. */
export function helperTypeStatements(model: ClientModel): string[] {
  const statements: string[] = [];
  for (const template of model.templates) {
    statements.push(
      interfaceText(
        docs(`Variables of the resource template ${str(template.template.uriTemplate)}.`),
        template.variablesType,
        template.variables.map((v) => ({
          name: propertyKey(v.name),
          optional: !v.required,
          type: v.explode
            ? 'string | number | boolean | readonly string[]'
            : 'string | number | boolean',
        })),
      ),
    );
  }
  for (const prompt of model.prompts) {
    statements.push(
      interfaceText(
        docs(`Arguments of the prompt ${str(prompt.prompt.name)}.`),
        prompt.argumentsType,
        (prompt.prompt.arguments ?? []).map((a) => ({
          name: propertyKey(a.name),
          optional: a.required !== true,
          type: 'string',
          docs: docs(a.title, a.description),
        })),
      ),
    );
  }
  return statements;
}

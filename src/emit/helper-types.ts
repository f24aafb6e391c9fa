import { StructureKind, type StatementStructures } from 'ts-morph';
import type { ClientModel } from '../model/types.js';
import { docs, propertyKey, str } from './text.js';

/** The argument types of the client's template and prompt helpers, declared next to the helpers in client.ts. */
export function helperTypeStatements(model: ClientModel): StatementStructures[] {
  const statements: StatementStructures[] = [];
  for (const template of model.templates) {
    statements.push({
      kind: StructureKind.Interface,
      name: template.variablesType,
      isExported: true,
      docs: docs(`Variables of the resource template ${str(template.template.uriTemplate)}.`),
      properties: template.variables.map((v) => ({
        name: propertyKey(v.name),
        hasQuestionToken: !v.required,
        type: v.explode
          ? 'string | number | boolean | readonly string[]'
          : 'string | number | boolean',
      })),
    });
  }
  for (const prompt of model.prompts) {
    statements.push({
      kind: StructureKind.Interface,
      name: prompt.argumentsType,
      isExported: true,
      docs: docs(`Arguments of the prompt ${str(prompt.prompt.name)}.`),
      properties: (prompt.prompt.arguments ?? []).map((a) => ({
        name: propertyKey(a.name),
        hasQuestionToken: a.required !== true,
        type: 'string',
        docs: docs(a.title, a.description),
      })),
    });
  }
  return statements;
}

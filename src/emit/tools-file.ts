import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { ClientModel, ToolModel } from '../model/types.js';
import { resultTypeArguments } from './result-types.js';
import { docs, lineText, propertyKey, str } from './text.js';

/** `tools.ts`: per tool its spec (data for the runtime), error codes, error and result types. */
export function toolsStatements(model: ClientModel): StatementStructures[] {
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './runtime.js',
      namedImports: ['RuntimeErrorCode', 'type ToolError', 'type ToolResult', 'type ToolSpec'],
    },
  ];
  const typeImports = [...new Set(model.tools.flatMap(typesUsed))].sort();
  if (typeImports.length) {
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './types.js', isTypeOnly: true, namedImports: typeImports });
  }
  for (const tool of model.tools) statements.push(...toolStatements(tool));
  for (const template of model.templates) {
    statements.push({
      kind: StructureKind.Interface,
      name: template.variablesType,
      isExported: true,
      docs: docs(`Variables of the resource template ${str(template.template.uriTemplate)}.`),
      properties: template.variables.map((v) => ({
        name: propertyKey(v.name),
        hasQuestionToken: !v.required,
        type: v.explode ? 'string | number | boolean | readonly string[]' : 'string | number | boolean',
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

/** The schema types tools.ts names: payloads, alternatives and the envelopes that carry codes. */
function typesUsed(tool: ToolModel): string[] {
  return [
    ...tool.branches.filter((b) => b.kind !== 'error').map((b) => b.typeName),
    ...tool.errorCodes.flatMap((c) => (c.detailsType ? [c.detailsType] : [])),
  ];
}

function toolStatements(tool: ToolModel): StatementStructures[] {
  const name = str(tool.tool.name);
  const alternatives = tool.branches.filter((b) => b.kind === 'alternative');
  const { data, alt, error } = resultTypeArguments(tool);
  const errorUnion = error;
  const spec = {
    name: tool.tool.name,
    ...(tool.inputValidationSchema ? { inputSchema: tool.inputValidationSchema } : {}),
    ...(tool.tool.outputSchema ? { outputSchema: tool.branches[0]?.validationSchema } : {}),
    branches: tool.branches.map((b) => ({
      kind: b.kind,
      ...(b.variant ? { variant: b.variant } : {}),
      ...(b.code ? { code: b.code } : {}),
      required: b.required,
      schema: b.validationSchema,
    })),
    codes: tool.errorCodes.map((c) => c.code),
  };
  return [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs(`Error codes the tool ${name} can return, with the runtime's own codes (unknown, uncoded, invalid result or input).`),
      declarations: [
        {
          name: tool.errorCodeEnum,
          initializer: `{ ${tool.errorCodes.map((c) => `${c.description ? `/** ${lineText(c.description)} */ ` : ''}${c.member}: ${str(c.code)},`).join(' ')} ...RuntimeErrorCode } as const`,
        },
      ],
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: tool.errorCodeEnum,
      type: `(typeof ${tool.errorCodeEnum})[keyof typeof ${tool.errorCodeEnum}]`,
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: tool.errorType,
      docs: docs(`A failed call of ${name}: narrow on \`code\`.`),
      type: errorUnion,
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: tool.resultType,
      docs: docs(`What ${name} resolves to: \`ok: true\` with the documented payload${alternatives.length ? ' (or an alternative, told apart by `variant`)' : ''}, or \`ok: false\` with a typed error.`),
      type: `ToolResult<${data}, ${alt}, ${tool.errorType}>`,
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs(`What the runtime needs to call and classify ${name}.`),
      // Data, not code: embedded as JSON text, which is fast to parse, fast to format and cannot carry an expression.
      declarations: [{ name: tool.specName, type: 'ToolSpec', initializer: `JSON.parse(${str(JSON.stringify(spec))})` }],
    },
  ];
}

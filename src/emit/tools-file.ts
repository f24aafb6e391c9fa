import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { ClientModel, ToolModel } from '../model/types.js';
import { RUNTIME_ERROR_CODES } from '../model/build.js';
import { resultTypeArguments } from './result-types.js';
import { docs, lineText, propertyKey, str } from './text.js';
import { branchValidatorName, inputValidatorName } from './validator-entries.js';

// The runtime's own codes, written out rather than spread (`...RuntimeErrorCode`): a spread cannot
// be typed from the file alone, which `isolatedDeclarations` requires.
const RUNTIME_CODE_MEMBERS = Object.entries(RUNTIME_ERROR_CODES).map(([member, code]) => `${member}: ${str(code)},`).join(' ');

/** `tools.ts`: per tool its spec (data for the runtime), error codes, error and result types. */
export function toolsStatements(model: ClientModel): StatementStructures[] {
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './runtime.js',
      namedImports: [...(model.tools.some((t) => !t.outputType) ? ['type ToolContent'] : []), 'type ToolError', 'type ToolResult', 'type ToolSpec'],
    },
  ];
  const typeImports = [...new Set(model.tools.flatMap(typesUsed))].sort();
  if (typeImports.length) {
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './types.js', isTypeOnly: true, namedImports: typeImports });
  }
  if (model.tools.some((t) => t.branches.length > 0 || t.inputValidationSchema)) {
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './validators.js', namespaceImport: 'validators' });
  }
  for (const tool of model.tools) statements.push(...toolStatements(tool, model));
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

function toolStatements(tool: ToolModel, model: ClientModel): StatementStructures[] {
  const name = str(tool.tool.name);
  const alternatives = tool.branches.filter((b) => b.kind === 'alternative');
  const { data, alt, error } = resultTypeArguments(tool);
  const errorUnion = error;
  return [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs(`Error codes the tool ${name} can return, with the runtime's own codes (unknown, uncoded, invalid result or input).`),
      declarations: [
        {
          name: tool.errorCodeEnum,
          initializer: `{ ${tool.errorCodes.map((c) => `${c.description ? `/** ${lineText(c.description)} */ ` : ''}${c.member}: ${str(c.code)},`).join(' ')} ${RUNTIME_CODE_MEMBERS} } as const`,
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
      docs: docs(
        tool.outputType
          ? `What ${name} resolves to: \`ok: true\` with the documented payload${alternatives.length ? ' (or an alternative, told apart by `variant`)' : ''}, or \`ok: false\` with a typed error.`
          : `What ${name} resolves to: \`ok: true\` with what it sent (no outputSchema: \`text\`, \`json\` and the \`content\` blocks), or \`ok: false\` with a typed error.`,
      ),
      type: `ToolResult<${data}, ${alt}, ${tool.errorType}>`,
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs(`What the runtime needs to call and classify ${name}.`),
      declarations: [{ name: tool.specName, type: 'ToolSpec', initializer: specLiteral(tool, model) }],
    },
  ];
}

/**
 * The spec as an object literal: only what classification needs, every server string through
 * `str()` (JSON escaping), validators referenced by name. The schemas live in validators.ts.
 */
function specLiteral(tool: ToolModel, model: ClientModel): string {
  const list = (values: readonly string[]) => `[${values.map(str).join(', ')}]`;
  const branches = tool.branches.map((b) => {
    const members = [
      `kind: ${str(b.kind)}`,
      ...(b.variant ? [`variant: ${str(b.variant)}`] : []),
      ...(b.code ? [`code: ${str(b.code)}`] : []),
      `required: ${list(b.required)}`,
      ...(b.discriminator ? [`discriminator: { key: ${str(b.discriminator.key)}, values: ${list(b.discriminator.values)} }`] : []),
      `validate: validators.${branchValidatorName(tool, b.index)}`,
    ];
    return `{ ${members.join(', ')} }`;
  });
  const members = [
    `name: ${str(tool.tool.name)}`,
    ...(tool.inputValidationSchema ? [`validateInput: validators.${inputValidatorName(tool)}`] : []),
    `branches: [\n${branches.map((b) => `${b},`).join('\n')}\n]`,
    `codes: ${list(tool.errorCodes.map((c) => c.code))}`,
    ...(tool.eraForm ? [`eraForm: ${str(tool.eraForm)}`] : []),
    ...(tool.eraForm && model.era ? [`era: ${str(model.era)}`] : []),
  ];
  return `{\n${members.map((m) => `${m},`).join('\n')}\n}`;
}

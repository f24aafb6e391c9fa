import type { ClientModel, ToolModel } from '../../model/types.js';
import { importText } from '../print/imports.js';
import { INDENT, hanging, jsDoc } from '../print/print.js';
import { resultTypeArguments } from './result-types.js';
import { toolFunction } from './tool-function.js';
import { docs, lineText, str } from '../print/text.js';
import { branchValidatorName, inputValidatorName } from './validator-entries.js';

/**
 * The statements of a tools module (`tools.ts`, or one `tools/<tool>.ts` per tool): per tool its function, error codes,
 * error and result types, and spec. Every declaration is a plain `export const`/`function`/type with
 * no top-level call, so a bundler drops the tools an app does not import.
 */
export function toolsStatements(
  model: ClientModel,
  tools: readonly ToolModel[],
  file: string,
): string[] {
  const statements = (model.modules[file] ?? []).map(importText);
  for (const tool of tools) statements.push(...toolStatements(tool, model));
  return statements;
}

const exportConst = (doc: string[], name: string, initializer: string, type?: string) =>
  `${jsDoc(doc)}export const ${name}${type ? `: ${type}` : ''} = ${hanging(initializer, INDENT)};`;
const exportType = (doc: string[], name: string, type: string) =>
  `${jsDoc(doc)}export type ${name} = ${hanging(type, INDENT)};`;

function toolStatements(tool: ToolModel, model: ClientModel): string[] {
  const name = str(tool.tool.name);
  const alternatives = tool.branches.filter((b) => b.kind === 'alternative');
  const { data, alt, error } = resultTypeArguments(tool, model.guard.enabled);
  return [
    ...errorCodeStatements(tool),
    // Every tool gets its `<Tool>Error`, a one-line alias of `RuntimeError<…>` (no doc: the line says it
    // all) when it declares no code: each tool then has the same names, and a code the server adds later
    // changes this line, not the names a user's code imports.
    exportType(
      tool.errorCodeEnum ? docs(`A failed call of ${name}: narrow on \`code\`.`) : [],
      tool.errorType,
      error,
    ),
    exportType(
      docs(
        tool.outputType
          ? `What ${name} resolves to: \`ok: true\` with the documented payload${alternatives.length ? ' (or an alternative, told apart by `variant`)' : ''}, or \`ok: false\` with a typed error.`
          : `What ${name} resolves to: \`ok: true\` with what it sent (no outputSchema: \`text\`, \`json\` and the \`content\` blocks), or \`ok: false\` with a typed error.`,
      ),
      tool.resultType,
      `ToolResult<${data}, ${alt}, ${tool.errorType}>`,
    ),
    exportConst(
      docs(
        `What the runtime needs to call and classify ${name}: internal, not exported by index.ts.`,
      ),
      tool.specName,
      specLiteral(tool, model),
      'ToolSpec',
    ),
    toolFunction(tool, model),
  ];
}

/** The codes the tool declares, as an object and its union type; none for a tool that declares none. */
function errorCodeStatements(tool: ToolModel): string[] {
  const enumName = tool.errorCodeEnum;
  if (enumName === undefined) return [];
  const codes = tool.errorCodes
    .map(
      (c) =>
        `${c.description ? `/** ${lineText(c.description)} */ ` : ''}${c.member}: ${str(c.code)},`,
    )
    .join(' ');
  return [
    exportConst(
      docs(
        `Error codes the tool ${str(tool.tool.name)} declares; the runtime's own codes are \`RuntimeErrorCode\`.`,
      ),
      enumName,
      `{ ${codes} } as const`,
    ),
    exportType([], enumName, `(typeof ${enumName})[keyof typeof ${enumName}]`),
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
      ...(b.discriminator
        ? [
            `discriminator: { key: ${str(b.discriminator.key)}, values: ${list(b.discriminator.values)} }`,
          ]
        : []),
      `validate: validators.${branchValidatorName(tool, b.index)}`,
    ];
    return `{ ${members.join(', ')} }`;
  });
  const members = [
    `name: ${str(tool.tool.name)}`,
    ...(tool.inputValidationSchema
      ? [`validateInput: validators.${inputValidatorName(tool)}`]
      : []),
    `branches: [\n${branches.map((b) => `${b},`).join('\n')}\n]`,
    `codes: ${list(tool.errorCodes.map((c) => c.code))}`,
    ...(tool.eraForm ? [`eraForm: ${str(tool.eraForm)}`] : []),
    ...(tool.eraForm && model.era ? [`era: ${str(model.era)}`] : []),
    ...(tool.outputOrigin ? [`shape: ${str(tool.outputOrigin)}`] : []),
  ];
  return `{\n${members.map((m) => `${m},`).join('\n')}\n}`;
}

import type { ClientModel } from '../../model/types.js';
import { codeModeDeclaration, codeModeTextSource } from '../client/code-mode.js';
import { fileText } from '../print/print.js';
import { langchainStatements } from './langchain-file.js';
import { mastraStatements } from './mastra-file.js';
import { openaiAgentsStatements } from './openai-agents-file.js';
import { schemasStatements } from '../client/schemas-file.js';

/** The runtime file only schemas.ts imports: copied only when Standard Schema objects are on. */
export const AGENT_RUNTIME_TEMPLATE = 'runtime-standard.ts';

/**
 * The files agent frameworks read (src/model/agents.ts), each only when its switch is on: schemas.ts
 * (written as it is: prettier overflows its stack on deeply nested schemas) and the code-mode declaration with its string export
 * (written as they are, so that the string is the file byte for byte).
 */
type File = { path: string; content: string; format: boolean };

export function emitAgentFiles(model: ClientModel, header: string, typesText: string): File[] {
  const { schemas, codeModeDeclaration: declarationFile, codeModeText } = model.files;
  const out: File[] = [];
  // schemas.ts is written as it is; the framework adapters are formatted.
  const printed: Array<[string | undefined, (model: ClientModel) => string[], boolean]> = [
    [schemas, schemasStatements, false],
    [model.files.langchain, langchainStatements, true],
    [model.files.mastra, mastraStatements, true],
    [model.files.openai, openaiAgentsStatements, true],
  ];
  for (const [path, statements, format] of printed)
    if (path !== undefined)
      out.push({ path, content: `${header}\n${fileText(statements(model))}`, format });
  if (declarationFile !== undefined && codeModeText !== undefined) {
    const declaration = codeModeDeclaration(model, header, typesText);
    out.push(
      { path: declarationFile, content: declaration, format: false },
      { path: codeModeText, content: codeModeTextSource(header, declaration), format: false },
    );
  }
  return out;
}

import { RUNTIME_ERROR_CODES } from '../model/runtime-names.js';
import type { ToolModel } from '../model/types.js';
import type { ErrorDoc } from './page.js';

/** What each runtime code means for a call, by code. */
const RUNTIME_MEANINGS: Readonly<Record<string, string>> = {
  $invalid_result: 'the result does not match its type (checked when the call returns)',
  $invalid_input: 'the arguments do not match the input schema: nothing was sent',
  $unknown: 'an error result with a code the server does not declare',
  $uncoded: 'an error result without a code',
};

/**
 * A tool's error codes: those it declares (its output schema's error branches and the config's
 * `errors`), with their meaning and the constant the client names them by, then the runtime's
 * own codes that can happen to it (`RuntimeErrorCode`).
 */
export function errorDocs(tool: ToolModel): ErrorDoc[] {
  const declared = tool.errorCodes.map((code) => ({
    code: code.code,
    ...(code.description ? { meaning: code.description } : {}),
    source:
      code.source.kind === 'config'
        ? `config errors.${code.source.scope === 'tool' ? 'tools' : 'server'}`
        : `outputSchema, branch ${code.source.branch}`,
    ...(tool.errorCodeEnum ? { constant: `${tool.errorCodeEnum}.${code.member}` } : {}),
  }));
  const runtime = [...tool.checkCodes, '$unknown', '$uncoded'].map((code) => {
    const member = Object.keys(RUNTIME_ERROR_CODES).find((k) => RUNTIME_ERROR_CODES[k] === code);
    return {
      code,
      meaning: RUNTIME_MEANINGS[code]!,
      source: 'runtime',
      ...(member ? { constant: `RuntimeErrorCode.${member}` } : {}),
    };
  });
  return [...declared, ...runtime];
}

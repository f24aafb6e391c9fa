import { RUNTIME_ERROR_CODES } from '../model/runtime-names.js';
import type { ToolModel } from '../model/types.js';
import type { ErrorDoc } from './page.js';

/** What each runtime code means for a call, by code, in the order the page lists them. */
const RUNTIME_MEANINGS: Readonly<Record<string, string>> = {
  $invalid_input: 'the arguments do not match the input schema: nothing was sent',
  $invalid_result: 'the result does not match its type (checked when the call returns)',
  $unknown: 'an error result with a code the server does not declare',
  $uncoded: 'an error result without a code',
  $unavailable:
    "the catalog guard (guard: 'block') found the tool gone from the server's list: nothing was sent",
  $changed:
    "the catalog guard (guard: 'block') found the tool's definition changed: nothing was sent",
};

/** The guard's codes (templates/runtime-guard-types.ts `GuardErrorCode`), in every tool's union when the config's `guard` is on. */
const GUARD_CODES: Readonly<Record<string, string>> = {
  $unavailable: 'GuardErrorCode.Unavailable',
  $changed: 'GuardErrorCode.Changed',
};

/** The codes any call can end in, beside those a tool's checks add (`ToolModel.checkCodes`). */
const ANY_CALL = ['$unknown', '$uncoded'];

/**
 * A tool's own error codes (its output schema's error branches and the config's `errors`), with
 * their meaning and the constant the client names them by.
 */
export function declaredErrors(tool: ToolModel): ErrorDoc[] {
  return tool.errorCodes.map((code) => ({
    code: code.code,
    ...(code.description ? { meaning: code.description } : {}),
    source:
      code.source.kind === 'config'
        ? `config errors.${code.source.scope === 'tool' ? 'tools' : 'server'}`
        : `outputSchema, branch ${code.source.branch}`,
    ...(tool.errorCodeEnum ? { constant: `${tool.errorCodeEnum}.${code.member}` } : {}),
  }));
}

/** The runtime's own codes (`RuntimeErrorCode`, and `GuardErrorCode` with the guard) that can happen to this tool. */
export function runtimeCodes(tool: ToolModel, guard: boolean): string[] {
  return [...tool.checkCodes, ...ANY_CALL, ...(guard ? Object.keys(GUARD_CODES) : [])];
}

/** The runtime's codes some tool of the page can end in, each once with its meaning: said once a page. */
export function runtimeErrors(tools: readonly ToolModel[], guard: boolean): ErrorDoc[] {
  const used = new Set(tools.flatMap((tool) => runtimeCodes(tool, guard)));
  return Object.keys(RUNTIME_MEANINGS)
    .filter((code) => used.has(code))
    .map((code) => {
      const member = Object.keys(RUNTIME_ERROR_CODES).find((k) => RUNTIME_ERROR_CODES[k] === code);
      const constant = member ? `RuntimeErrorCode.${member}` : GUARD_CODES[code];
      return {
        code,
        meaning: RUNTIME_MEANINGS[code]!,
        source: GUARD_CODES[code] ? 'the catalog guard' : 'runtime',
        ...(constant ? { constant } : {}),
      };
    });
}

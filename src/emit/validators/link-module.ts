/**
 * The text validators.ts writes for link.ts's shared units: each unit, a check that only refers to
 * one, and the support code they need.
 */
import type { JsonObject } from '../../snapshot/types.js';
import { LINK, UNIT_NAME } from './link-keyword.js';

// Only in modules with shared definitions (link.ts): a definition that could not be loaded, as an Ajv
// function that rejects every value it is called on with one issue saying why.
export const LINK_SUPPORT = `function $rejectAllAjv(reason: string): $AjvValidate {
  const validate = (_value: unknown, context?: { readonly instancePath?: string }): boolean => {
    validate.errors = [{ instancePath: context?.instancePath ?? '', keyword: '$compile', message: \`the schema could not be compiled: \${reason}\`, params: {} }];
    return false;
  };
  return validate;
}

function $viaUnit(validate: $AjvValidate): (value: unknown) => readonly ValidationIssue[] {
  return (value) => $issues(validate, value);
}`;

// A shared definition (link.ts): the Ajv function itself, which the checks that use it call as Ajv
// calls a `$ref`d schema. One this engine cannot load fails closed where it is used.
export function unitCheck(name: string, body: string, validateName: string): string {
  return [
    `const ${name} = /* @__PURE__ */ ((): $AjvValidate => {`,
    '  try {',
    body,
    `    return ${validateName};`,
    '  } catch (error) {',
    '    return $rejectAllAjv($reasonOf(error));',
    '  }',
    '})();',
  ].join('\n');
}

/** The unit a linked root only refers to (`{ LINK: name }`, with or without `$schema`). */
export function unitAlias(root: JsonObject): string | undefined {
  const keys = Object.keys(root).filter((key) => key !== '$schema');
  const name = root[LINK];
  return keys.length === 1 && keys[0] === LINK && typeof name === 'string' && UNIT_NAME.test(name)
    ? name
    : undefined;
}

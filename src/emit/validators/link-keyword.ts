/**
 * The Ajv keyword of link.ts: a `$ref` to a definition compiled on its own, as a call of that unit.
 * Known only to the Ajv instances that compile link.ts's units; its value must be a unit name
 * (`$d_` and ASCII letters, digits and `_`), so no other text reaches the code.
 */
import type { KeywordCxt } from 'ajv';
import { Name, _, nil } from 'ajv';
import type { CodeKeywordDefinition } from 'ajv';
import namesImport from 'ajv/dist/compile/names.js';
import { callValidateCode } from 'ajv/dist/vocabularies/code.js';

/** The keyword standing in for a linked `$ref`: its value is the unit's name. */
export const LINK = '$mcpCodegenLink';
export const UNIT_NAME = /^\$d_[A-Za-z0-9_]{1,60}$/;

// CommonJS `exports.default`: the default import is the names object or the module, by resolution mode.
const N = ((namesImport as unknown as { default?: typeof namesImport }).default ??
  namesImport) as unknown as { vErrors: Name; errors: Name };

/**
 * LINK compiles to what Ajv's `$ref` writes for a schema compiled on its own: call it with the
 * instance path so far, and on failure append its errors. It sits where `$ref` sits in Ajv's rule
 * order, so issues come out in the same order.
 */
export const LINK_KEYWORD: CodeKeywordDefinition = {
  keyword: LINK,
  schemaType: 'string',
  before: '$ref',
  code(cxt: KeywordCxt) {
    const unit = String(cxt.schema);
    if (!UNIT_NAME.test(unit)) throw new Error(`${LINK}: not a unit name`);
    const validate = new Name(unit);
    const { gen } = cxt;
    cxt.result(callValidateCode(cxt, validate, nil), undefined, () => {
      const errors = _`${validate}.errors`;
      gen.assign(N.vErrors, _`${N.vErrors} === null ? ${errors} : ${N.vErrors}.concat(${errors})`);
      gen.assign(N.errors, _`${N.vErrors}.length`);
    });
  },
};

import type { ClientModel, ToolModel } from '../../model/types.js';
import type { JsonValue } from '../../snapshot/types.js';
import type { NamedValues } from '../print/json-literal.js';
import { branchValidatorName, inputValidatorName } from './validator-entries.js';

/** A tool's spec as validators.ts writes it: data, its validators written as their names (`refs`). */
export interface SpecEntry {
  name: string;
  value: JsonValue;
  refs: NamedValues;
}

/**
 * What the runtime needs to call and classify each tool (templates/runtime-spec.ts `ToolSpec`), kept
 * with the validators it names in validators.ts, so a tools module exports the public API and nothing
 * else. Only what classification needs: empty lists are left out (the runtime reads none), and so is
 * the documented branch's `required` where no alternative is told from it by its keys.
 */
export function specEntries(model: ClientModel): SpecEntry[] {
  return model.tools.map((tool) => specEntry(tool, model));
}

function specEntry(tool: ToolModel, model: ClientModel): SpecEntry {
  const refs = new Map<object, string>();
  const ref = (name: string): JsonValue => {
    const placeholder = {};
    refs.set(placeholder, name);
    return placeholder;
  };
  const alternatives = tool.branches.some((b) => b.kind === 'alternative');
  const branches = tool.branches.map((b) => ({
    kind: b.kind,
    ...(b.variant ? { variant: b.variant } : {}),
    ...(b.code ? { code: b.code } : {}),
    ...(b.kind !== 'documented' || alternatives ? { required: b.required } : {}),
    ...(b.discriminator ? { discriminator: b.discriminator } : {}),
    validate: ref(branchValidatorName(tool, b.index)),
  }));
  const codes = tool.errorCodes.map((c) => c.code);
  const value = {
    name: tool.tool.name,
    ...(tool.inputValidationSchema ? { validateInput: ref(inputValidatorName(tool)) } : {}),
    ...(branches.length ? { branches } : {}),
    ...(codes.length ? { codes } : {}),
    ...(tool.eraForm ? { eraForm: tool.eraForm } : {}),
    ...(tool.eraForm && model.era ? { era: model.era } : {}),
    ...(tool.outputOrigin ? { shape: tool.outputOrigin } : {}),
  };
  return { name: tool.specName, value, refs };
}

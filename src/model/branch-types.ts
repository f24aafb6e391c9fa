import { asObject } from '../shared/json.js';
import type { Tool } from '../snapshot/types.js';
import { canonicalSchema } from '../snapshot/write.js';
import { declareRequiredKeys, outputBranches } from './branches.js';
import { NamePlanner, camelCase, pascalCase } from './naming.js';
import type { SharedDefinitions } from './shared-definitions.js';
import type { TypeSet } from './type-set.js';
import type { BranchModel } from './types.js';

/**
 * The typed branches of a tool's output schema: the documented one is the tool's output type;
 * alternatives and error envelopes get their own names, and identical ones (a server that repeats
 * a wrapper in every tool) share one type across tools through `shared`.
 */
/** What planning branches adds to: the type names, the type set, the branch types shared between tools. */
export interface BranchPlan {
  types: NamePlanner;
  typeSet: TypeSet;
  shared: Map<string, string>;
  definitions: SharedDefinitions;
}

export function planBranches(
  tool: Tool,
  outputType: string,
  base: string,
  { types, typeSet, shared, definitions }: BranchPlan,
  warn: (note: string) => void,
): Array<Omit<BranchModel, 'validator'>> {
  const branches = outputBranches(tool.outputSchema!);
  const variants = new NamePlanner(new Set(['documented']));
  return branches.map((branch) => {
    const typed = declareRequiredKeys(asObject(definitions.sanitize(branch.schema)));
    let typeName: string;
    if (branch.kind === 'documented') {
      typeName = outputType;
      typeSet.add(typeName, typed, base).forEach(warn);
    } else {
      // Identical wrappers and envelopes (one server repeats them in every tool) share one type.
      const key = JSON.stringify(canonicalSchema(typed));
      const existing = shared.get(key);
      if (existing) {
        typeName = existing;
      } else {
        const stem = branchStem(branch.kind, branch.code, branch.required, branch.index, base);
        typeName = types.has(stem) ? types.claim(`${base}${stem}`) : types.claim(stem);
        shared.set(key, typeName);
        typeSet
          .add(typeName, typed, base)
          .forEach((note) => warn(`branch ${branch.index} ${note}`));
      }
    }
    const model: Omit<BranchModel, 'validator'> = {
      index: branch.index,
      kind: branch.kind,
      typeName,
      required: branch.required,
      validationSchema: definitions.validationSchema(branch.schema),
    };
    if (branch.code) model.code = branch.code;
    if (branch.discriminator) model.discriminator = branch.discriminator;
    if (branch.kind === 'alternative') {
      model.variant = variants.claim(
        camelCase(branch.required.join(' ') || `alternative ${branch.index}`, 'alternative'),
      );
    }
    return model;
  });
}

function branchStem(
  kind: 'documented' | 'alternative' | 'error',
  code: string | undefined,
  required: string[],
  index: number,
  base: string,
): string {
  // An envelope found by its key is named after it; one found by a code key's value belongs to its tool.
  const stem =
    kind === 'error'
      ? (code ?? `${base} error`)
      : required.join(' ') || `${base} alternative ${index}`;
  return `${pascalCase(stem, 'Output')}${kind === 'error' ? 'Envelope' : 'Alternative'}`.replace(
    /ErrorErrorEnvelope$/,
    'ErrorEnvelope',
  );
}

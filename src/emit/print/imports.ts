import type { ImportPlan } from '../../model/types.js';

/** An import or re-export the planner decided, as a statement. Names and paths are the planner's, never server text. */
export function importText(plan: ImportPlan): string {
  const from = ` from ${JSON.stringify(plan.specifier)};`;
  const keyword = plan.reexport ? 'export' : 'import';
  const typeOnly = plan.typeOnly ? ' type' : '';
  if (plan.namespace === '*') return `${keyword}${typeOnly} *${from}`;
  if (plan.namespace !== undefined) return `${keyword}${typeOnly} * as ${plan.namespace}${from}`;
  const names = plan.names.map((n) => (n.type ? `type ${n.name}` : n.name)).join(', ');
  return `${keyword}${typeOnly} { ${names} }${from}`;
}

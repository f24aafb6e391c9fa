import type { ClientModel } from '../../model/types.js';
import { importText } from '../print/imports.js';
import { fileText } from '../print/print.js';

/**
 * `index.ts`: the public API, name by name, as the planner listed it (src/model/module-plan.ts).
 * Tool functions, error-code objects and result types are exported; specs are not.
 */
export function indexStatements(model: ClientModel): string[] {
  return (model.modules[model.files.index] ?? []).map(importText);
}

export function indexSource(model: ClientModel): string {
  return fileText(indexStatements(model), 'reexports');
}

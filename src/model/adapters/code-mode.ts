import { importOf } from './imports.js';
import type { AdapterPlan } from './types.js';

/**
 * The plan half of config `agents.codeMode` (printed by src/emit/agents/code-mode-file.ts): the
 * code-mode declaration, as a file and as a string export, whose schema types sit in one global
 * namespace named after the client. Not `code-mode.ts` beside it: that would make the .d.ts the
 * declaration of that module.
 */
export const codeModePlan: AdapterPlan = {
  key: 'codeMode',
  files: { declaration: 'code-mode.d.ts', text: 'code-mode-declaration.ts' },
  reserved: ['codeModeDeclaration'],
  claim: (types, className) => ({
    namespace: types.claim(`${className.replace(/Client$/, '')}Tools`),
  }),
  modules: () => ({}),
  indexExports: (model, adapter) => [
    importOf(model.files.index, adapter.files.text!, ['codeModeDeclaration'], { reexport: true }),
  ],
  aggregate: {
    files: { declaration: 'code-mode.d.ts', text: 'code-mode-declaration.ts' },
    reserved: ['codeModeDeclaration'],
  },
};

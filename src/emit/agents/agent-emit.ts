import type { ClientModel } from '../../model/types.js';
import type { AdapterFile } from './adapter.js';
import { adapterRow } from './adapters.js';
import { withLeftOut } from './adapter-text.js';

/**
 * The files of the agent adapters a client's config turns on (src/model/adapters/plan.ts), each
 * printed by its row of the table, under a header that says what it leaves out of what it offers the
 * model, and why. `typesText` is types.ts as json-schema-to-typescript wrote it:
 * the code-mode declaration holds the schema types.
 */
export function emitAgentFiles(
  model: ClientModel,
  header: string,
  typesText: string,
): AdapterFile[] {
  return model.adapters.flatMap((adapter) =>
    adapterRow(adapter).emit(model, adapter, withLeftOut(header, adapter.leftOut), typesText),
  );
}

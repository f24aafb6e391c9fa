import type { AggregateAdapterModel, AggregateModel } from '../../model/aggregate-types.js';
import type { AdapterPlan } from '../../model/adapters/types.js';
import type { AdapterModel, ClientModel, ToolModel } from '../../model/types.js';
import { importText } from '../print/imports.js';
import { fileText } from '../print/print.js';
import { renamedToolsSource, type RenameForm } from './aggregate-rename.js';

/** A file an adapter writes: its path relative to the output folder, and whether prettier formats it. */
export interface AdapterFile {
  path: string;
  content: string;
  format: boolean;
}

/**
 * An agent adapter: the plan half of a framework (src/model/adapters/) with its print half. One row
 * of the adapters' table (adapters.ts) each; every print half is one file of this room.
 */
export interface Adapter extends AdapterPlan {
  /** Whether prettier formats its files; else they are written as printed (schemas that deep overflow it). */
  format: boolean;
  /**
   * Its files for one client. `header` is the banner every file starts with; `typesText` is types.ts
   * as json-schema-to-typescript wrote it, before prettier.
   */
  emit(model: ClientModel, adapter: AdapterModel, header: string, typesText: string): AdapterFile[];
  /** Its files for an aggregate (`header`: the aggregate's banner), made from each server's. */
  emitAggregate(
    model: AggregateModel,
    adapter: AggregateAdapterModel,
    header: string,
  ): Promise<AdapterFile[]>;
  /** The lines with which the aggregate's index.ts re-exports its files; nothing when absent. */
  aggregateIndexExports?(model: AggregateModel, adapter: AggregateAdapterModel): string[];
}

/**
 * An adapter whose files are one a client, its planned imports then `statements`, and one an
 * aggregate: `aggregate` prints it, or it is the servers' framework tools renamed (aggregate-rename.ts).
 * The shape of all but code mode.
 */
export function oneFileAdapter(
  plan: AdapterPlan,
  print: {
    /** The role of its file, in the plan's `files` and `aggregate.files`. */
    role: string;
    /** Whether prettier formats its files (default true). */
    format?: boolean;
    /** What follows the file's imports: `offered` are the tools its model-facing part lists. */
    statements(offered: readonly ToolModel[], model: ClientModel, adapter: AdapterModel): string[];
    aggregate:
      | RenameForm
      | ((model: AggregateModel, adapter: AggregateAdapterModel, header: string) => string);
    aggregateIndexExports?: Adapter['aggregateIndexExports'];
  },
): Adapter {
  const { role, format = true, aggregate } = print;
  const imports = (model: ClientModel, path: string) => (model.modules[path] ?? []).map(importText);
  return {
    ...plan,
    format,
    emit: (model, adapter, header) => {
      const path = adapter.files[role]!;
      const statements = [
        ...imports(model, path),
        ...print.statements(adapter.offered, model, adapter),
      ];
      return [{ path, content: `${header}\n${fileText(statements)}`, format }];
    },
    emitAggregate: async (model, adapter, header) => [
      {
        path: adapter.files[role]!,
        content:
          typeof aggregate === 'function'
            ? aggregate(model, adapter, header)
            : renamedToolsSource(model, adapter, aggregate, header),
        format,
      },
    ],
    ...(print.aggregateIndexExports ? { aggregateIndexExports: print.aggregateIndexExports } : {}),
  };
}

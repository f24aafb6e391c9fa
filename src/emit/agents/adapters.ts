import type { AdapterModel, ClientModel } from '../../model/types.js';
import type { Adapter } from './adapter.js';
import { codeModeAdapter } from './code-mode-file.js';
import { langchainAdapter } from './langchain-file.js';
import { mastraAdapter } from './mastra-file.js';
import { openaiAdapter } from './openai-agents-file.js';
import { standardSchemaAdapter } from './schemas-file.js';

/**
 * The agent adapters: one row a framework, each its plan half (src/model/adapters/) joined with its
 * print half (this room), in the order of the config's keys (src/config/agent-switches.ts). Config
 * validation iterates those keys, and the planner, the emitter and the aggregate this table: a new
 * framework is its two files, a row here and a key there (CONTRIBUTING, "How to add an adapter").
 */
export const ADAPTERS: readonly Adapter[] = [
  standardSchemaAdapter,
  codeModeAdapter,
  langchainAdapter,
  mastraAdapter,
  openaiAdapter,
];

/** The row of an adapter the model planned. */
export function adapterRow(adapter: Pick<AdapterModel, 'key'>): Adapter {
  const row = ADAPTERS.find((a) => a.key === adapter.key);
  if (row === undefined) throw new Error(`no adapter ${adapter.key} in the table`);
  return row;
}

/**
 * The runtime templates the adapters' files import, a client's or an aggregate's: each copied into a
 * client's or an aggregate's own folder only with its adapter.
 */
export const ADAPTER_RUNTIME_TEMPLATES: readonly string[] = [
  ...new Set(ADAPTERS.flatMap((a) => [...(a.runtime ?? []), ...(a.aggregate.runtime ?? [])])),
];

/** The paths of a client's adapter files that prettier formats. */
export const formattedAdapterPaths = (model: ClientModel): string[] =>
  model.adapters.flatMap((a) => (adapterRow(a).format ? Object.values(a.files) : []));

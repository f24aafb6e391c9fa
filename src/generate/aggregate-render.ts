/**
 * The aggregate's files, generated and formatted in memory (src/generate/aggregate.ts decides when):
 * each joined server's model is built again with the options of its own client, so every name is the
 * one that client has. Loaded only when the aggregate is generated: the model, emit and prettier.
 */
import { resolve } from 'node:path';
import type { AggregateConfig, ServerConfig } from '../config/types.js';
import { buildClientModel } from '../model/build.js';
import { planAggregate } from '../model/aggregate.js';
import { emitAggregate } from '../emit/aggregate/aggregate-file.js';
import { ADAPTERS } from '../emit/agents/adapters.js';
import { prettierOptionsFor } from '../emit/format/prettier-options.js';
import { parseSnapshotText } from '../snapshot/read.js';
import { serializeSnapshot } from '../snapshot/write.js';
import { sha256 } from './manifest.js';
import { optionsText } from './prettier-hash.js';
import type { Input } from './input.js';
import type { ShapesInput } from './shapes.js';

/** A server the aggregate joins, as this run read it. */
export interface JoinedServer {
  server: ServerConfig;
  input: Input;
  shapes: ShapesInput;
  outDir: string;
  runtimeDir: string | undefined;
  /** The hash of the server's options in its own manifest: what of the config shapes its model. */
  options: string;
}

export interface RenderedAggregate {
  /** `prettier`: the options text that formatted it; absent for a file written as emitted. */
  files: Array<{ path: string; content: string; prettier?: string }>;
  warnings: string[];
  /** How many tools the flat surface has. */
  flat: number;
  /** Each joined server's catalog hashed in its canonical form, in the aggregate's order. */
  canonical: string[];
}

export async function renderAggregate(
  aggregate: AggregateConfig,
  servers: ReadonlyArray<JoinedServer & { name: string; dir: string }>,
  outDir: string,
  file: string | undefined,
): Promise<RenderedAggregate> {
  const canonical: string[] = [];
  const members = await Promise.all(
    servers.map(async ({ name, server, input, shapes, runtimeDir, dir }, i) => {
      const snapshot = input.snapshot ?? (await parseSnapshotText(input.text, input.file));
      canonical[i] = input.discovered ? input.hash : sha256(serializeSnapshot(snapshot));
      const model = buildClientModel(
        snapshot,
        { ...server, ...(runtimeDir === undefined ? {} : { runtimeDir }) },
        ADAPTERS,
        shapes.undeclared,
      );
      return { name, model, dir };
    }),
  );
  const model = planAggregate(aggregate, members, file, ADAPTERS);
  const prettier = await import('prettier');
  const files = await Promise.all(
    (await emitAggregate(model)).map(async (f) => {
      if (!f.format) return { path: f.path, content: f.content };
      const filepath = resolve(outDir, f.path);
      const options = await prettierOptionsFor(filepath);
      const content = await prettier.format(f.content, {
        ...options,
        filepath,
        parser: 'babel-ts',
      });
      return { path: f.path, content, prettier: optionsText(options) };
    }),
  );
  return { files, warnings: model.warnings, flat: model.flat.length, canonical };
}

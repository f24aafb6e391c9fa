import type { ResolvedConfig, ServerConfig } from '../config/types.js';
import { shapesFileOf } from '../config/shapes-path.js';
import { undeclaredOutputs, type UndeclaredOutput } from '../shapes/effective.js';
import { parseShapesText, readShapesText, serializeShapes } from '../shapes/file.js';

/** What `renderClient` takes of a server: its options, and the result schemas it does not declare. */
export type RenderServer = Pick<
  ServerConfig,
  'name' | 'errors' | 'validateInput' | 'validateOutput' | 'guard' | 'layout' | 'agents' | 'mock'
> & {
  undeclared?: ReadonlyMap<string, UndeclaredOutput>;
  /** The shared runtime folder relative to the output folder (`/`-separated), when the config has `runtime`. */
  runtimeDir?: string;
};

/**
 * The shapes file as an input of `generate`: its canonical text (part of the output cache key, so a
 * changed shape is a changed client and `generate --check` fails), and with the config's `outputs`
 * the result schemas it gives tools that declare none. A missing file is no shapes (empty text).
 */
export interface ShapesInput {
  text: string;
  undeclared: Map<string, UndeclaredOutput>;
}

export async function loadShapesInput(
  server: ServerConfig,
  config: ResolvedConfig,
): Promise<ShapesInput> {
  const file = shapesFileOf(config, server);
  const raw = await readShapesText(file);
  const shapes = raw === undefined ? { tools: new Map() } : parseShapesText(raw, file);
  return {
    text: raw === undefined ? '' : serializeShapes(shapes),
    undeclared: undeclaredOutputs(shapes, server.outputs),
  };
}

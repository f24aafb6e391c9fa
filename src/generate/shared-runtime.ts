/**
 * One runtime for many clients (config `runtime: { out }`): its folder is emitted once, with its own
 * manifest, and every client imports it by a relative path. Why a config key rather than a folder
 * picked for the user (the outputs' common parent): the folder is one the user named, so nothing
 * appears in a tree they did not choose, `--server` runs do not move it, and a project that
 * generates several clients today keeps its layout until it opts in.
 */
import { posix, relative, resolve, sep } from 'node:path';
import type { ResolvedConfig } from '../config/types.js';
import { sha256, type Manifest } from './manifest.js';
import type { PlannedFile } from './output.js';
import { folderByManifest } from './by-manifest.js';
import { plannedFolder, readFolderManifest } from './ownership.js';

/** The shared runtime folder relative to a client's output folder (`/`-separated), or undefined without one. */
export function runtimeDirFor(config: ResolvedConfig, outDir: string): string | undefined {
  if (!config.runtime) return undefined;
  const dir = relative(outDir, resolve(config.root, config.runtime.out)).split(sep).join(posix.sep);
  return dir.startsWith('.') ? dir : `./${dir}`;
}

/**
 * The shared runtime's files and manifest. Every template is copied, the Standard Schema one
 * included: the folder is the same whichever servers a run selects and whichever agents they enable.
 */
export async function planSharedRuntime(
  config: ResolvedConfig,
  generator: { id: string; byManifest: boolean },
  check: boolean,
): Promise<{ outDir: string; previous: Manifest | undefined; planned: PlannedFile[] } | undefined> {
  if (!config.runtime) return undefined;
  const outDir = resolve(config.root, config.runtime.out);
  const folder = await readFolderManifest(outDir);
  const made = { generator: generator.id, inputs: {}, options: sha256('runtime') };
  // The copies depend on the generator alone: its manifest decides --check without reading templates.
  const byHash = check && generator.byManifest && (await folderByManifest(folder, made, outDir));
  if (byHash) return { outDir, previous: folder.manifest, planned: byHash };
  const { runtimeFiles, RUNTIME_TEMPLATES } = await import('../emit/runtime/runtime-files.js');
  const files = await runtimeFiles(RUNTIME_TEMPLATES);
  return plannedFolder(folder, files, {
    ...made,
    generator: check && folder.manifest ? folder.manifest.generator : generator.id,
    warnings: { security: [], generator: [] },
  });
}

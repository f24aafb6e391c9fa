import { cosmiconfig, type Loader } from 'cosmiconfig';
import { dirname, resolve } from 'node:path';
import { CodegenError } from '../shared/errors.js';
import { CONFIG_FILES, CONFIG_MODULE } from './files.js';
import { importTypeScript } from './typescript.js';
import type { ResolvedConfig } from './types.js';
import { validateConfig } from './validate.js';

/**
 * Only the user's own TypeScript config goes through a loader (jiti, see typescript.ts), which
 * leaves every package import (`mcp-codegen` included) to Node. cosmiconfig's own `.ts` loader
 * would need the `typescript` 5.x compiler API, which users on 7.x (no JS API) or with no
 * TypeScript at all do not have. `.js`/`.mjs`/`.cjs`/`.json` configs use cosmiconfig's native loaders.
 */
const loadTypeScript: Loader = (filepath) => importTypeScript(filepath);

function explorer() {
  return cosmiconfig(CONFIG_MODULE, {
    searchPlaces: CONFIG_FILES,
    searchStrategy: 'project',
    loaders: { '.ts': loadTypeScript, '.mts': loadTypeScript, '.cts': loadTypeScript },
  });
}

/** Load `--config <file>`, or search upwards from `cwd` to the project root. */
export async function loadConfig(
  options: { file?: string; cwd?: string } = {},
): Promise<ResolvedConfig> {
  const cwd = options.cwd ?? process.cwd();
  let result;
  try {
    result = options.file
      ? await explorer().load(resolve(cwd, options.file))
      : await explorer().search(cwd);
  } catch (error) {
    const where = options.file ? resolve(cwd, options.file) : 'the config file';
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new CodegenError(`config file not found: ${where}`, {
        hint: 'check the --config path',
      });
    }
    throw new CodegenError(
      `cannot load ${where}: ${error instanceof Error ? error.message : String(error)}`,
      {
        hint: 'fix the error in the config file, then run again',
        cause: error,
      },
    );
  }
  if (!result || result.isEmpty) {
    throw new CodegenError(
      options.file
        ? `config file ${options.file} is empty`
        : `no mcp-codegen config found in ${cwd} or its parents`,
      {
        hint: 'create mcp-codegen.config.ts with `export default defineConfig({ servers: [...] })`, or run `mcp-codegen generate --snapshot <file> --out <dir>`',
      },
    );
  }
  const root = dirname(result.filepath);
  return { ...validateConfig(result.config, result.filepath), file: result.filepath, root };
}

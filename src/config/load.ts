import { cosmiconfig, type Loader } from 'cosmiconfig';
import { createJiti } from 'jiti';
import { dirname, resolve } from 'node:path';
import { CodegenError } from '../errors.js';
import type { ResolvedConfig } from './types.js';
import { validateConfig } from './validate.js';

const MODULE = 'mcp-codegen';

export const CONFIG_FILES = [
  'package.json',
  `${MODULE}.config.ts`,
  `${MODULE}.config.mts`,
  `${MODULE}.config.js`,
  `${MODULE}.config.mjs`,
  `${MODULE}.config.cjs`,
  `${MODULE}.config.json`,
  `.${MODULE}rc.json`,
];

/**
 * TypeScript configs load through jiti, not cosmiconfig's own loader: that one needs the
 * `typescript` 5.x compiler API, and users may have 7.x (no JS API) or none at all.
 */
const loadWithJiti: Loader = async (filepath) => {
  const jiti = createJiti(import.meta.url, { moduleCache: false, fsCache: false, interopDefault: true });
  const mod = await jiti.import<unknown>(filepath, { default: true });
  return mod;
};

function explorer() {
  return cosmiconfig(MODULE, {
    searchPlaces: CONFIG_FILES,
    searchStrategy: 'project',
    loaders: { '.ts': loadWithJiti, '.mts': loadWithJiti, '.js': loadWithJiti, '.mjs': loadWithJiti, '.cjs': loadWithJiti },
  });
}

/** Load `--config <file>`, or search upwards from `cwd` to the project root. */
export async function loadConfig(options: { file?: string; cwd?: string } = {}): Promise<ResolvedConfig> {
  const cwd = options.cwd ?? process.cwd();
  let result;
  try {
    result = options.file ? await explorer().load(resolve(cwd, options.file)) : await explorer().search(cwd);
  } catch (error) {
    const where = options.file ? resolve(cwd, options.file) : 'the config file';
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new CodegenError(`config file not found: ${where}`, { hint: 'check the --config path' });
    }
    throw new CodegenError(`cannot load ${where}: ${error instanceof Error ? error.message : String(error)}`, {
      hint: 'fix the error in the config file, then run again',
      cause: error,
    });
  }
  if (!result || result.isEmpty) {
    throw new CodegenError(
      options.file ? `config file ${options.file} is empty` : `no mcp-codegen config found in ${cwd} or its parents`,
      {
        hint: 'create mcp-codegen.config.ts with `export default defineConfig({ servers: [...] })`, or run `mcp-codegen generate --snapshot <file> --out <dir>`',
      },
    );
  }
  const root = dirname(result.filepath);
  return { ...validateConfig(result.config, result.filepath), file: result.filepath, root };
}

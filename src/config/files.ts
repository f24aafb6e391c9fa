/**
 * The config file names, in search order. Its own module, with no imports, so commands that only
 * need to know whether a config exists (`diff`) do not load the config loader.
 */
const MODULE = 'mcp-codegen';

/** Files that are a config by their name alone. */
export const CONFIG_NAMES = [
  `${MODULE}.config.ts`,
  `${MODULE}.config.mts`,
  `${MODULE}.config.cts`,
  `${MODULE}.config.js`,
  `${MODULE}.config.mjs`,
  `${MODULE}.config.cjs`,
  `${MODULE}.config.json`,
  `.${MODULE}rc.json`,
];

/** Where cosmiconfig looks: package.json counts only when it has an "mcp-codegen" key. */
export const CONFIG_FILES = ['package.json', ...CONFIG_NAMES];

export const CONFIG_MODULE = MODULE;

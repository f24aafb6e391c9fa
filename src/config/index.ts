export * from './types.js';
export { defineConfig } from './define.js';
export { loadConfig } from './load.js';
export { CONFIG_FILES, CONFIG_NAMES } from './files.js';

export * from './types.js';
export { defineConfig } from './define.js';
export { loadConfig, CONFIG_FILES } from './load.js';

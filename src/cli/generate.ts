import { CodegenError } from '../errors.js';
import type { Command } from './io.js';

export const generateCommand: Command = {
  name: 'generate',
  summary: 'generate typed clients (from the config, or --snapshot/--out)',
  help: 'Usage: mcp-codegen generate\n',
  async run() {
    throw new CodegenError('generate: not implemented yet');
  },
};

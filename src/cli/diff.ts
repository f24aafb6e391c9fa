import { CodegenError } from '../errors.js';
import type { Command } from './io.js';

// Placeholder until live discovery lands (issue 3): says so instead of pretending.
export const diffCommand: Command = {
  name: "diff",
  summary: 'compare two snapshots and classify every change',
  help: 'Usage: mcp-codegen diff <base> <head>\n',
  async run() {
    throw new CodegenError('diff: not implemented yet');
  },
};

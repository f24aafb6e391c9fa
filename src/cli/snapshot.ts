import { CodegenError } from '../errors.js';
import type { Command } from './io.js';

// Placeholder until live discovery lands (issue 3): says so instead of pretending.
export const snapshotCommand: Command = {
  name: 'snapshot',
  summary: 'discover a live server and write its canonical snapshot',
  help: 'Usage: mcp-codegen snapshot (--stdio "<command line>" | --url <url>) --out <file>\n',
  async run() {
    throw new CodegenError('snapshot: not implemented yet');
  },
};

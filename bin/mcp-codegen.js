#!/usr/bin/env node
// Plain JavaScript, compiled by `npm run build` into dist/: no TypeScript loader at start-up.
import { processIo } from '../dist/cli/io.js';
import { main } from '../dist/cli/main.js';

// oneShotProcess: this process ends with the command, so a command may tune it (generate's JIT switch).
process.exitCode = await main(process.argv.slice(2), { ...processIo(), oneShotProcess: true });

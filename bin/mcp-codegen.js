#!/usr/bin/env node
// Plain JavaScript, compiled by `npm run build` into dist/: no TypeScript loader at start-up.
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));

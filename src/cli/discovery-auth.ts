import type { DiscoverAuth, LoginAdvice } from '../discover/auth/options.js';
import type { Io } from './io.js';

/** How a live discovery of the CLI authenticates: in the browser when a person is at the terminal. */
export function discoveryAuth(io: Io, advice?: LoginAdvice): DiscoverAuth {
  return {
    interactive: io.interactive === true,
    print: (line) => io.stderr.write(`${line}\n`),
    ...(advice ? { advice } : {}),
  };
}

/**
 * `diff --impact`: relate a catalog diff to the user's code. Loads the project with ts-morph (so it
 * is imported only with `--impact`), finds the generated client, names its functions and methods
 * with the generator's own planner, and lists per finding the sites it reaches.
 */
export { addImpact } from './impact.js';
export { downgradeUnused } from './downgrade.js';
export { clientFromConfig } from './locate.js';

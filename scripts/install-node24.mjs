// `npm test` runs this beside the checks (run-p): the tests' Node 24 (test/helpers/node24.ts) is then
// in place when `npm run test:unit` starts, which otherwise installs it first, before any test file
// runs: about 5-7 s of wall time on a fresh clone, with the second core idle. Installed already, this
// is a file check. Run under tsx, as test-unit.mjs is.
import { node24 } from '../test/helpers/node24.ts';

const found = await node24();
console.log(`Node 24 for the tests: ${'skip' in found ? found.skip : 'installed'}`);

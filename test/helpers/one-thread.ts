/**
 * Preloaded into every test process by `npm run test:unit` (`--import ./test/helpers/one-thread.ts`):
 * generation in the tests runs in one thread unless a test asks for more.
 *
 * Why: the test files run two at a time on two cores, so worker threads add no parallelism there,
 * and each render started two of them (a prettier worker and the Ajv thread), each loading its
 * library again under tsx: about 0.7 s of CPU per render, 45 against 9 s for
 * generate-idempotent.test.ts. The output does not depend on the thread count, and the threaded
 * path stays tested where it is the subject: generate-workers.test.ts (the format pool, and
 * renderClient with threads writing the bytes of one thread). By default a small catalog (the
 * example, most fixtures) is generated on one thread anyway (src/shared/worker-thread.ts SMALL_WORK).
 */
process.env.MCP_CODEGEN_WORKERS ??= '1';

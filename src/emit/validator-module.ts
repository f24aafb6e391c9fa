/**
 * The validator module emitter the generator uses (one place to switch): the precompiled one in
 * validators.ts once merged, until then the run-time Ajv stand-in.
 */
export { emitValidatorModule } from './validators-ajv-fallback.js';

/**
 * The validator module emitter the generator uses: precompiled Ajv standalone validators
 * (src/emit/validators.ts), with no run-time code generation. One place to swap it.
 */
export { emitValidatorModule } from './validators.js';

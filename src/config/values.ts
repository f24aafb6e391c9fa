import { InputError } from '../shared/errors.js';

/** The value as an object, or an error at its pointer saying what was expected. */
export function object(
  value: unknown,
  file: string,
  at: string,
  expected: string,
): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InputError(
      file,
      at,
      `expected ${expected}, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    );
  }
  return value as Record<string, unknown>;
}

/** A value named for an error message: the string itself, or its kind. */
export function describe(value: unknown): string {
  return value === undefined
    ? 'nothing'
    : typeof value === 'string'
      ? JSON.stringify(value)
      : value === null
        ? 'null'
        : Array.isArray(value)
          ? 'an array'
          : typeof value === 'object'
            ? 'an object'
            : String(value);
}

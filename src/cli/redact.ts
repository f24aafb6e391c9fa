import { redactSecrets } from '../shared/secrets.js';
import type { Io } from './io.js';

/**
 * The command's streams with every secret this process learnt (tokens, client secrets, codes, a
 * token command's output) taken out of what is written: whatever a server or a library puts in
 * an error message, it never reaches the terminal or a CI log. Everything else is the stream's own.
 */
export function redactingIo(io: Io): Io {
  return { ...io, stdout: redacting(io.stdout), stderr: redacting(io.stderr) };
}

function redacting<S extends Io['stdout']>(stream: S): S {
  return new Proxy(stream, {
    get(target, key) {
      if (key === 'write')
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...args: unknown[]) => boolean)(
            typeof chunk === 'string' ? redactSecrets(chunk) : chunk,
            ...rest,
          );
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

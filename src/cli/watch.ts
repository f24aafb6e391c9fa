import { CodegenError, ExitCode } from '../shared/errors.js';
import type { ResolvedConfig } from '../config/types.js';
import type { Io } from './io.js';
import { discoveryAuth } from './discovery-auth.js';
import { reportError } from './report-error.js';

/**
 * `generate --watch` on the command line: the loop runs until Ctrl-C (SIGINT, or SIGTERM), which
 * lets the regeneration under way finish, closes sessions and watchers, and exits 0.
 */
export async function runWatch(
  load: () => Promise<ResolvedConfig>,
  values: { check?: boolean; offline?: boolean; server?: string[]; 'no-cache'?: boolean },
  io: Io,
): Promise<number> {
  if (values.check) {
    throw new CodegenError('generate: --watch writes, --check never does; use one or the other', {
      hint: 'run `mcp-codegen generate --check` in CI, `mcp-codegen generate --watch` while developing',
    });
  }
  // Loaded here: the generator's dependencies load once, for the first run, and stay.
  const { watchAndGenerate } = await import('../generate/watch.js');
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await watchAndGenerate({
      load,
      generate: {
        offline: values.offline ?? false,
        env: io.env,
        cache: values['no-cache'] !== true,
        warn: (line) => io.stderr.write(`warning: ${line}\n`),
        auth: discoveryAuth(io),
      },
      ...(values.server ? { only: values.server } : {}),
      print: (line) => io.stdout.write(`${line}\n`),
      problem: (error) => void reportError(error, io),
      warn: (line) => io.stderr.write(`warning: ${line}\n`),
      stop: stop.signal,
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  io.stdout.write('stopped\n');
  return ExitCode.ok;
}

import type { DiscoveryEra, DiscoveryOptions } from '../config/types.js';
import { DEFAULT_MAX_PAGES, DEFAULT_TIMEOUT_MS } from '../discover/defaults.js';
import { CodegenError, ExitCode } from '../shared/errors.js';

/**
 * The discovery flags `snapshot` and `generate` share, so the hints discovery prints
 * ("raise --timeout", "use --era auto") name an option both commands accept.
 */
export const DISCOVERY_FLAGS = {
  timeout: { type: 'string' },
  'max-pages': { type: 'string' },
  era: { type: 'string' },
} as const;

const ERAS: readonly DiscoveryEra[] = ['auto', 'legacy', 'modern'];

export const DISCOVERY_HELP = `  --timeout <ms>            How long to wait for each answer (default ${DEFAULT_TIMEOUT_MS}).
  --max-pages <n>           Stop a list that still has a next page after n pages (default
                            ${DEFAULT_MAX_PAGES}): protects against servers whose cursors never end.
  --era <era>               The protocol era: auto (default) uses the stateless 2026-07-28 era
                            (server/discover) when the server offers it and initialize otherwise;
                            legacy or modern pin one.`;

/** Only the flags given: a config's own discovery options stay in force for the rest. */
export function discoveryFlags(
  command: string,
  values: { timeout?: string; 'max-pages'?: string; era?: string },
): DiscoveryOptions {
  const options: DiscoveryOptions = {};
  if (values.timeout !== undefined)
    options.timeoutMs = positive(command, values.timeout, '--timeout');
  if (values['max-pages'] !== undefined)
    options.maxPages = positive(command, values['max-pages'], '--max-pages');
  if (values.era !== undefined) {
    if (!(ERAS as readonly string[]).includes(values.era)) {
      throw new CodegenError(
        `${command}: --era must be one of ${ERAS.join(', ')}, got ${JSON.stringify(values.era)}`,
        {
          exitCode: ExitCode.usage,
          hint: `run \`mcp-codegen ${command} --help\``,
        },
      );
    }
    options.era = values.era as DiscoveryEra;
  }
  return options;
}

function positive(command: string, value: string, flag: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0) {
    throw new CodegenError(
      `${command}: ${flag} must be a positive whole number, got ${JSON.stringify(value)}`,
      {
        exitCode: ExitCode.usage,
        hint: `run \`mcp-codegen ${command} --help\``,
      },
    );
  }
  return n;
}

import { SERVER_JSON_CHOICES, type ServerJsonSource } from '../config/types.js';
import { planServerJson } from '../discover/server-json/resolve.js';
import { CodegenError, ExitCode } from '../shared/errors.js';
import type { Io } from './io.js';

/** The flags of `snapshot` that say which server: `--stdio`, `--url` or `--server-json`, and theirs. */
export interface SourceFlags {
  'server-json'?: string;
  stdio?: string;
  url?: string;
  transport?: string;
  header?: string[];
  package?: string;
  'package-version'?: string;
}

/** `--server-json <file>` with `--package` and `--package-version`, alone among the source flags. */
export function serverJsonFrom(values: SourceFlags): ServerJsonSource {
  const file = values['server-json']!;
  if (values.stdio !== undefined || values.url !== undefined)
    throw usage('give one of --stdio, --url or --server-json');
  if (values.transport !== undefined || values.header !== undefined)
    throw usage(
      '--transport and --header apply to --url; a server.json names its own transport and headers',
    );
  if (file.trim() === '') throw usage('--server-json needs the path of a registry server.json');
  const kind = values.package;
  if (kind !== undefined && !(SERVER_JSON_CHOICES as readonly string[]).includes(kind))
    throw usage(
      `--package must be one of ${SERVER_JSON_CHOICES.join(', ')}, got ${JSON.stringify(kind)}`,
    );
  const version = values['package-version'];
  if (version !== undefined && kind === 'remote')
    throw usage('--package-version applies to a package; a remote has no version');
  return {
    serverJson: file,
    ...(kind !== undefined ? { package: kind as ServerJsonSource['package'] } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}

/** `--print-command`: what would run, secrets as ***, its warnings on stderr; nothing started. */
export async function printCommand(source: ServerJsonSource, io: Io): Promise<number> {
  const plan = await planServerJson(source, { cwd: io.cwd, env: io.env });
  for (const warning of plan.warnings) io.stderr.write(`warning: ${warning}\n`);
  io.stdout.write(`${plan.shown.join('\n')}\n`);
  return ExitCode.ok;
}

function usage(message: string): CodegenError {
  return new CodegenError(`snapshot: ${message}`, {
    exitCode: ExitCode.usage,
    hint: 'run `mcp-codegen snapshot --help`',
  });
}

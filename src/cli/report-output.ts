import { resolve } from 'node:path';
import { type Level, severity } from '../diff/types.js';
import { CodegenError, ExitCode } from '../shared/errors.js';
import { writeFileAtomic } from '../shared/atomic.js';
import { defineCommand } from './args.js';
import type { Command, Io } from './io.js';

/** What `diff` and `lint` share on the command line: report formats, `--fail-on`, where the report goes. */
const REPORT_FORMATS = ['text', 'markdown', 'json', 'github', 'sarif'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
const FAIL_ON = ['error', 'warning', 'info', 'none'] as const;
type FailOn = (typeof FAIL_ON)[number];

/** The options both commands parse. */
const REPORT_OPTIONS = {
  format: { type: 'string' },
  'fail-on': { type: 'string' },
  config: { type: 'string' },
  server: { type: 'string' },
  output: { type: 'string' },
} as const;

/** A report command's arguments; undefined when `--help` was asked for (and printed). */
/** A report command (`diff`, `lint`): the report flags, positionals allowed. */
export function reportCommand<const E extends Record<string, { type: 'string' | 'boolean' }>>(
  name: string,
  help: string,
  body: Parameters<typeof defineCommand<typeof REPORT_OPTIONS & E>>[3],
  /** Options of this command only (e.g. `diff --impact`). */
  extra?: E,
): Command {
  return defineCommand<typeof REPORT_OPTIONS & E>(
    name,
    help,
    { ...REPORT_OPTIONS, ...extra } as typeof REPORT_OPTIONS & E,
    body,
    true,
  );
}

export interface ReportRequest {
  format: ReportFormat;
  failOn: FailOn;
  output?: string;
}

/** `--format` and `--fail-on`, checked (an unknown value is a usage error naming the allowed ones). */
export function reportRequest(
  command: string,
  values: { format?: string; 'fail-on'?: string; output?: string },
): ReportRequest {
  return {
    format: choice(command, 'format', values.format, REPORT_FORMATS, 'text'),
    failOn: choice(command, 'fail-on', values['fail-on'], FAIL_ON, 'error'),
    output: values.output,
  };
}

/**
 * Write the report to `--output` or stdout (colour only on a terminal, and never with NO_COLOR),
 * and return the exit code: 1 when a finding at or above `--fail-on` remains.
 */
export async function deliverReport(
  io: Io,
  request: ReportRequest,
  render: (color: boolean) => string,
  findings: ReadonlyArray<{ level: Level }>,
): Promise<number> {
  const toFile = request.output !== undefined;
  const color =
    !toFile &&
    io.stdout.isTTY === true &&
    (io.env.NO_COLOR === undefined || io.env.NO_COLOR === '');
  const text = render(color);
  if (toFile) await writeFileAtomic(resolve(io.cwd, request.output!), text);
  else io.stdout.write(text);
  const failOn = request.failOn;
  if (failOn === 'none') return ExitCode.ok;
  return findings.some((f) => severity(f.level) >= severity(failOn))
    ? ExitCode.findings
    : ExitCode.ok;
}

/** `option` is a key of REPORT_OPTIONS, so the flag a message names is one the command accepts. */
function choice<T extends string>(
  command: string,
  option: keyof typeof REPORT_OPTIONS,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CodegenError(`${command}: invalid --${option} ${JSON.stringify(value)}`, {
    hint: `use one of: ${allowed.join(', ')}`,
  });
}

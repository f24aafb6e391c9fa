import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';

/** The CLI in this process, as the bin runs it: its exit code and what it printed. */
export async function runMain(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await main(args, {
    stdout,
    stderr,
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? process.env,
  });
  return { code, stdout: out, stderr: err };
}

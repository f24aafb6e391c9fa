import { CodegenError } from '../shared/errors.js';

/** How a tool misbehaves, for testing what a client does when a server does. */
export type Fault =
  | { kind: 'hang' }
  | { kind: 'slow'; ms: number }
  | { kind: 'crash' }
  | { kind: 'protocol-error' }
  | { kind: 'error'; code: string };

const FAULT_SYNTAX = '<tool>=hang|slow:<ms>|crash|protocol-error|error:<code>';

/** `--fault` values by tool name; `*` is every tool without a fault of its own. */
export function parseFaults(specs: readonly string[]): Map<string, Fault> {
  const faults = new Map<string, Fault>();
  for (const spec of specs) {
    const at = spec.lastIndexOf('=');
    const tool = spec.slice(0, at);
    const fault = at > 0 ? parseFault(spec.slice(at + 1)) : undefined;
    if (!fault)
      throw new CodegenError(`--fault ${JSON.stringify(spec)}: expected ${FAULT_SYNTAX}`, {
        hint: 'for example --fault get_forecast=slow:500 --fault set_alert=error:rate_limited',
      });
    faults.set(tool, fault);
  }
  return faults;
}

function parseFault(text: string): Fault | undefined {
  if (text === 'hang' || text === 'crash' || text === 'protocol-error') return { kind: text };
  const slow = /^slow:(\d+)$/.exec(text);
  if (slow) return { kind: 'slow', ms: Number(slow[1]) };
  const error = /^error:(.+)$/.exec(text);
  if (error) return { kind: 'error', code: error[1]! };
  return undefined;
}

export function faultFor(faults: ReadonlyMap<string, Fault>, tool: string): Fault | undefined {
  return faults.get(tool) ?? faults.get('*');
}

/** A promise that never settles: a `hang` holds the request open until the client gives up. */
export function never(): Promise<never> {
  return new Promise(() => {});
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

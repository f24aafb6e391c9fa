import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import * as prettier from 'prettier';

/** One run of statements to format, and its answer. */
export interface FormatRequest {
  id: number;
  source: string;
  options: prettier.Options;
}
export type FormatReply =
  { id: number; text: string } | { id: number; syntax: boolean; error: string };

/**
 * How many formatting threads to use: one per core (at most 4), or `MCP_CODEGEN_WORKERS` when set
 * (tests use it to check that 1 and 2 workers write the same bytes). 1 means no worker thread at all.
 */
function formatWorkerCount(): number {
  const set = Number(process.env.MCP_CODEGEN_WORKERS);
  if (Number.isInteger(set) && set >= 1) return Math.min(set, 16);
  return Math.max(1, Math.min(availableParallelism(), 4));
}

interface Task {
  request: FormatRequest;
  done: (reply: FormatReply) => void;
  fail: (error: unknown) => void;
}

/**
 * Prettier in worker threads, started before the work that precedes formatting so that loading
 * prettier and its plugins overlaps it. Which thread formats which run never shows in the output:
 * answers are put back in input order. With one thread, everything runs in this one.
 */
export class FormatPool {
  readonly #workers: Worker[] = [];
  readonly #idle: Worker[] = [];
  readonly #queue: Task[] = [];
  readonly #busy = new Map<Worker, Task>();
  #nextId = 0;

  constructor(readonly threads: number = formatWorkerCount()) {
    if (threads <= 1) return;
    for (let i = 0; i < threads; i++) {
      const worker = startWorker();
      worker.unref(); // an idle pool never keeps the process alive
      worker.on('message', (reply: FormatReply) =>
        this.#finish(worker, (task) => task.done(reply)),
      );
      worker.on('error', (error) => this.#finish(worker, (task) => task.fail(error)));
      this.#workers.push(worker);
      this.#idle.push(worker);
    }
  }

  /** Each run formatted, in input order; undefined when a run does not parse. Other errors throw. */
  async format(chunks: string[], options: prettier.Options): Promise<string[] | undefined> {
    if (this.#workers.length === 0) return formatHere(chunks, options);
    const replies = await Promise.all(chunks.map((source) => this.#submit(source, options)));
    const results: string[] = [];
    for (const reply of replies) {
      if ('text' in reply) results.push(reply.text);
      else if (reply.syntax) return undefined;
      else throw new Error(`prettier failed in a formatting worker: ${reply.error}`);
    }
    return results;
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
    this.#workers.length = 0;
    this.#idle.length = 0;
  }

  #submit(source: string, options: prettier.Options): Promise<FormatReply> {
    return new Promise((done, fail) => {
      this.#queue.push({ request: { id: this.#nextId++, source, options }, done, fail });
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#idle.length > 0 && this.#queue.length > 0) {
      const worker = this.#idle.pop()!;
      const task = this.#queue.shift()!;
      this.#busy.set(worker, task);
      worker.ref();
      worker.postMessage(task.request);
    }
  }

  #finish(worker: Worker, settle: (task: Task) => void): void {
    const task = this.#busy.get(worker);
    this.#busy.delete(worker);
    worker.unref();
    if (task) settle(task);
    this.#idle.push(worker);
    this.#dispatch();
  }
}

async function formatHere(
  chunks: string[],
  options: prettier.Options,
): Promise<string[] | undefined> {
  const results: string[] = [];
  for (const chunk of chunks) {
    try {
      results.push(await prettier.format(chunk, options));
    } catch (error) {
      if (error instanceof SyntaxError) return undefined;
      throw error;
    }
  }
  return results;
}

/**
 * The compiled worker next to this file. From sources (tests under tsx) it is the .ts file, which a
 * worker can only load once tsx's loader is registered in it (workers do not inherit loader hooks).
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./format-worker.js', import.meta.url));
  const file = new URL('./format-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(file)}); });`;
  return new Worker(boot, { eval: true });
}

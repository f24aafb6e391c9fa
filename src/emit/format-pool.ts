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
  size: number;
  done: (reply: FormatReply) => void;
  fail: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  /** Sent and not yet answered, by request id, in the order sent (the worker answers in that order). */
  tasks: Map<number, Task>;
  /** Characters sent and not yet answered: where the next run goes. */
  load: number;
}

/**
 * Prettier in worker threads, started before the work that precedes formatting so that loading
 * prettier and its plugins overlaps it. Each run is sent at once to the thread with the fewest
 * characters still to format, and each thread formats what it was sent in order: the threads stay
 * busy while this one emits the next file, even through long synchronous work here. Which thread
 * formats which run never shows in the output: answers are put back in input order. With one
 * thread, everything runs in this one.
 */
export class FormatPool {
  readonly #threads: Thread[] = [];
  #nextId = 0;

  constructor(readonly threads: number = formatWorkerCount()) {
    if (threads <= 1) return;
    for (let i = 0; i < threads; i++) {
      const thread: Thread = { worker: startWorker(), tasks: new Map(), load: 0 };
      thread.worker.unref(); // an idle pool never keeps the process alive
      thread.worker.on('message', (reply: FormatReply) => this.#finish(thread, reply));
      thread.worker.on('error', (error) => {
        for (const task of thread.tasks.values()) task.fail(error);
        thread.tasks.clear();
        thread.load = 0;
      });
      this.#threads.push(thread);
    }
  }

  /** Each run formatted, in input order; undefined when a run does not parse. Other errors throw. */
  async format(chunks: string[], options: prettier.Options): Promise<string[] | undefined> {
    if (this.#threads.length === 0) return formatHere(chunks, options);
    // Largest first, so that no thread is left with one long run at the end.
    const order = chunks.map((_, i) => i).sort((a, b) => chunks[b]!.length - chunks[a]!.length);
    const replies: Array<Promise<FormatReply>> = [];
    for (const i of order) replies[i] = this.#submit(chunks[i]!, options);
    const results: string[] = [];
    for (const reply of await Promise.all(replies)) {
      if ('text' in reply) results.push(reply.text);
      else if (reply.syntax) return undefined;
      else throw new Error(`prettier failed in a formatting worker: ${reply.error}`);
    }
    return results;
  }

  async close(): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.worker.terminate()));
    this.#threads.length = 0;
  }

  #submit(source: string, options: prettier.Options): Promise<FormatReply> {
    const thread = this.#threads.reduce((a, b) => (b.load < a.load ? b : a));
    const id = this.#nextId++;
    return new Promise((done, fail) => {
      thread.tasks.set(id, { size: source.length, done, fail });
      thread.load += source.length;
      if (thread.tasks.size === 1) thread.worker.ref();
      thread.worker.postMessage({ id, source, options } satisfies FormatRequest);
    });
  }

  #finish(thread: Thread, reply: FormatReply): void {
    const task = thread.tasks.get(reply.id);
    if (!task) return;
    thread.tasks.delete(reply.id);
    thread.load -= task.size;
    if (thread.tasks.size === 0) thread.worker.unref();
    task.done(reply);
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

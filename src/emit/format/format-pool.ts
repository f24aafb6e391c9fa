import type { Worker } from 'node:worker_threads';
import * as prettier from 'prettier';
import { startWorker, workerCount } from '../../shared/worker-thread.js';
import { formatUnits, type ShapeUnit } from '../print/shape-format.js';

/**
 * One run of statements to format, and its answer. `claims[slot]` is set (atomically) by whichever
 * thread takes the run: its worker, or this thread helping once it has nothing else to do.
 */
export interface FormatRequest {
  id: number;
  /** A run of statements for prettier, or (`units`) statements for the shape formatter. */
  source: string;
  units?: readonly ShapeUnit[];
  options: prettier.Options;
  claims: Int32Array;
  slot: number;
}
export type FormatReply =
  | { id: number; text: string }
  | { id: number; texts: string[] }
  | { id: number; syntax: boolean; error: string }
  | { id: number; taken: true }
  | { id: number; unshaped: true };

/** A request answered in the thread that took it: prettier, or the shape formatter. */
export async function answer(request: FormatRequest): Promise<FormatReply> {
  const { id, source, units, options } = request;
  try {
    if (units === undefined) return { id, text: await prettier.format(source, options) };
    const texts = await formatUnits(units, options);
    return texts === undefined ? { id, unshaped: true } : { id, texts };
  } catch (error) {
    return { id, syntax: error instanceof SyntaxError, error: String(error) };
  }
}

/** Take a run for the calling thread: true for exactly one of the threads that try. */
export function claim(request: Pick<FormatRequest, 'claims' | 'slot'>): boolean {
  return Atomics.compareExchange(request.claims, request.slot, 0, 1) === 0;
}

interface Task {
  request: FormatRequest;
  /** Characters it stands for, for balancing the threads. */
  size: number;
  done: (reply: FormatReply) => void;
  fail: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  /** Sent and not yet answered, by request id. */
  tasks: Map<number, Task>;
  /** Characters sent and not yet answered: where the next run goes. */
  load: number;
}

/**
 * Prettier in worker threads, started before the work that precedes formatting so that loading
 * prettier and its plugins overlaps it. Each run is sent at once to the worker with the fewest
 * characters still to format, and each worker formats what it was sent in order, so the workers
 * stay busy while this thread emits the next file, even through long synchronous work here. Once
 * this thread is done emitting, `help()` has it format runs too, from the last sent backwards,
 * each claimed so that it is formatted once. Who formats which run never shows in the output:
 * answers are put back in input order. With one thread, everything runs in this one.
 */
export class FormatPool {
  readonly #threads: Thread[] = [];
  /** Runs sent to a worker and not yet answered, in the order sent: what help() can take. */
  readonly #open = new Map<number, Task>();
  #nextId = 0;

  /** `threads` counts this one: n means n - 1 workers, and this thread once it has emitted (help). */
  constructor(readonly threads: number = workerCount()) {
    if (threads <= 1) return;
    for (let i = 0; i < threads - 1; i++) {
      const thread: Thread = {
        worker: startWorker(import.meta.url, new URL('./format-worker.js', import.meta.url)),
        tasks: new Map(),
        load: 0,
      };
      thread.worker.unref(); // an idle pool never keeps the process alive
      thread.worker.on('message', (reply: FormatReply) => this.#finish(thread, reply));
      thread.worker.on('error', (error) => {
        for (const task of thread.tasks.values()) {
          this.#open.delete(task.request.id);
          task.fail(error);
        }
        thread.tasks.clear();
        // A dead worker is sent nothing more; with none left, runs are formatted in this thread.
        this.#threads.splice(this.#threads.indexOf(thread), 1);
      });
      this.#threads.push(thread);
    }
  }

  /** Each run formatted, in input order; undefined when a run does not parse. Other errors throw. */
  async format(chunks: string[], options: prettier.Options): Promise<string[] | undefined> {
    if (this.#threads.length === 0) return formatHere(chunks, options);
    const claims = new Int32Array(new SharedArrayBuffer(4 * chunks.length));
    // Largest first, so that no worker is left with one long run at the end.
    const order = chunks.map((_, i) => i).sort((a, b) => chunks[b]!.length - chunks[a]!.length);
    const replies: Array<Promise<FormatReply>> = [];
    for (const i of order) replies[i] = this.#submit(chunks[i]!, options, claims, i);
    const results: string[] = [];
    for (const reply of await Promise.all(replies)) {
      if ('text' in reply) results.push(reply.text);
      else if ('syntax' in reply && reply.syntax) return undefined;
      else throw new Error(`prettier failed: ${'error' in reply ? reply.error : 'no answer'}`);
    }
    return results;
  }

  /**
   * Statements by shape (shape-format.ts), in a worker when there is one (this thread can take them
   * too, in help()); undefined when one cannot be. `size` weighs them for balancing.
   */
  async formatShapes(
    units: readonly ShapeUnit[],
    size: number,
    options: prettier.Options,
  ): Promise<string[] | undefined> {
    if (this.#threads.length === 0) return formatUnits(units, options);
    const claims = new Int32Array(new SharedArrayBuffer(4));
    const reply = await this.#submit('', options, claims, 0, units, size);
    if ('texts' in reply) return reply.texts;
    if ('unshaped' in reply) return undefined;
    throw new Error(`prettier failed: ${'error' in reply ? reply.error : 'no answer'}`);
  }

  /** Format runs here too, until every run sent so far has been taken by a worker or by this thread. */
  async help(): Promise<void> {
    if (this.#threads.length === 0) return;
    for (;;) {
      const task = [...this.#open.values()]
        .reverse()
        .find((t) => t.request.claims[t.request.slot] === 0);
      if (!task) return;
      this.#open.delete(task.request.id);
      if (!claim(task.request)) continue;
      task.done(await answer(task.request));
    }
  }

  async close(): Promise<void> {
    // Held until each has exited (an unreferenced worker would let the event loop end first); the
    // answers still on their way, to runs this thread took, are dropped, so none unreferences it again.
    for (const thread of this.#threads) {
      thread.tasks.clear();
      thread.worker.ref();
    }
    await Promise.all(this.#threads.map((thread) => thread.worker.terminate()));
    this.#threads.length = 0;
  }

  #submit(
    source: string,
    options: prettier.Options,
    claims: Int32Array,
    slot: number,
    units?: readonly ShapeUnit[],
    size = source.length,
  ): Promise<FormatReply> {
    const thread = this.#threads.reduce((a, b) => (b.load < a.load ? b : a));
    const request: FormatRequest = {
      id: this.#nextId++,
      source,
      ...(units && { units }),
      options,
      claims,
      slot,
    };
    return new Promise((done, fail) => {
      const task = { request, done, fail, size };
      thread.tasks.set(request.id, task);
      this.#open.set(request.id, task);
      thread.load += size;
      if (thread.tasks.size === 1) thread.worker.ref();
      thread.worker.postMessage(request);
    });
  }

  #finish(thread: Thread, reply: FormatReply): void {
    const task = thread.tasks.get(reply.id);
    if (!task) return;
    thread.tasks.delete(reply.id);
    this.#open.delete(reply.id);
    thread.load -= task.size;
    if (thread.tasks.size === 0) thread.worker.unref();
    // A run this thread took is answered by help(); the worker only says it skipped it.
    if (!('taken' in reply)) task.done(reply);
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

/**
 * Size rewrites of Ajv's standalone code after the error blocks are folded (compact.ts): runs of
 * blocks that differ only in a property's name become one loop over the names.
 *
 * Required properties. With `allErrors`, Ajv checks each required property with its own block,
 *     if((data.a === undefined) || (!(func0.call(data, "a")))){
 *     vErrors = $addError(vErrors, instancePath, "required", {missingProperty: "a"}, "must have required property '"+"a"+"'");
 *     errors++;
 *     }
 * about 270 bytes a property: a third of the module for a catalog like GitHub's, whose objects require
 * dozens of properties each. A run of two or more such blocks on the same object becomes one loop over
 * the names, which adds the same errors in the same order. It runs on the masked code (skeleton.ts):
 * the names stay the literals Ajv wrote, and a block is folded only when its four mentions of the
 * name are the same literal and its fixed strings are exactly Ajv's.
 */

const L = '\\u0000(\\d+)\\u0000';
const IDENT = '[A-Za-z_$][\\w$]*';
// Groups: 1 data, 2 `.name` or 3 `[literal]`, 4 func, 5 call literal, 6 path, 7 keyword,
// 8 missingProperty, 9 message head, 10 message name, 11 message tail.
const BLOCK = `if\\(\\((${IDENT})(?:\\.(${IDENT})|\\[${L}\\]) === undefined\\) \\|\\| \\(!\\((func\\d+)\\.call\\(\\1, ${L}\\)\\)\\)\\)\\{\\nvErrors = \\$addError\\(vErrors, (${IDENT}(?:\\+\\u0000\\d+\\u0000)?), ${L}, \\{missingProperty: ${L}\\}, ${L}\\+${L}\\+${L}\\);\\nerrors\\+\\+;\\n\\}\\n`;
const PLACEHOLDER = /\u0000(\d+)\u0000/g;
const ONE = new RegExp(BLOCK, 'y');
const START = new RegExp(BLOCK, 'g');

const MESSAGE_HEAD = `"must have required property '"`;
const MESSAGE_TAIL = `"'"`;

interface Required extends Block {
  readonly data: string;
  readonly func: string;
  readonly path: string;
  readonly name: string;
  readonly keyword: string;
  readonly head: string;
  readonly tail: string;
}

/** The required block at `at` in `skeleton`, or undefined when there is none of exactly that shape. */
function requiredAt(
  skeleton: string,
  at: number,
  literals: readonly string[],
): Required | undefined {
  ONE.lastIndex = at;
  const m = ONE.exec(skeleton);
  if (m === null) return undefined;
  const lit = (group: number) => literals[Number(m[group])]!;
  const name = m[5]!;
  const same = lit(8) === lit(5) && lit(10) === lit(5);
  const dotted = m[2] === undefined ? lit(3) === lit(5) : JSON.stringify(m[2]) === lit(5);
  const fixed = lit(7) === '"required"' && lit(9) === MESSAGE_HEAD && lit(11) === MESSAGE_TAIL;
  if (!same || !dotted || !fixed) return undefined;
  return {
    end: ONE.lastIndex,
    data: m[1]!,
    func: m[4]!,
    path: m[6]!,
    // The same object: same variable, same own-property function, same path (its literal put back).
    object: `${m[1]} ${m[4]} ${m[6]!.replace(PLACEHOLDER, (_all, i: string) => literals[Number(i)]!)}`,
    name: `\u0000${name}\u0000`,
    keyword: `\u0000${m[7]}\u0000`,
    head: `\u0000${m[9]}\u0000`,
    tail: `\u0000${m[11]}\u0000`,
  };
}

/** The skeleton with every run of two or more required blocks on one object folded into a loop. */
export function foldRequiredRuns(skeleton: string, literals: readonly string[]): string {
  return foldRuns(
    skeleton,
    START,
    (at) => requiredAt(skeleton, at, literals),
    ([first, ...rest]) => {
      const { data, func, path, keyword, head, tail } = first!;
      return (
        `for(const $key of [${[first!, ...rest].map((r) => r.name).join(',')}]){\n` +
        `if((${data}[$key] === undefined) || (!(${func}.call(${data}, $key)))){\n` +
        `vErrors = $addError(vErrors, ${path}, ${keyword}, {missingProperty: $key}, ${head}+$key+${tail});\n` +
        `errors++;\n}\n}\n`
      );
    },
  );
}

/** A block found at a position: where it ends, and what a run's blocks must share (the object checked). */
interface Block {
  readonly end: number;
  readonly object: string;
}

/**
 * `skeleton` with every run of two or more consecutive blocks (`blockAt`) on one object replaced by
 * `loop(run)`; `start` finds candidate positions (a global regex of the block's shape).
 */
function foldRuns<B extends Block>(
  skeleton: string,
  start: RegExp,
  blockAt: (at: number) => B | undefined,
  loop: (run: B[]) => string,
): string {
  let out = '';
  let copied = 0;
  start.lastIndex = 0;
  for (let m = start.exec(skeleton); m !== null; m = start.exec(skeleton)) {
    const first = blockAt(m.index);
    if (first === undefined) {
      start.lastIndex = m.index + 1;
      continue;
    }
    const run = [first];
    for (let next = blockAt(first.end); next?.object === first.object; next = blockAt(next.end))
      run.push(next);
    start.lastIndex = run.at(-1)!.end;
    if (run.length < 2) continue;
    out += skeleton.slice(copied, m.index) + loop(run);
    copied = run.at(-1)!.end;
  }
  return out + skeleton.slice(copied);
}

// A property checked only for a type `typeof` tells (string, boolean), as Ajv writes it with allErrors:
//     if(data.a !== undefined && func0.call(data, "a")){
//     if(typeof data.a !== "string"){
//     vErrors = $addError(vErrors, instancePath+"/a", "type", {type: "string"}, "must be string");
//     errors++;
//     }
//     }
// Groups: 1 data, 2 `.name` or 3 `[literal]`, 4 func, 5 call literal, 6 `.name` or 7 `[literal]` again,
// 8 type, 9 path base, 10 path suffix, 11 keyword, 12 params type, 13 message.
const TYPE_BLOCK = `if\\((${IDENT})(?:\\.(${IDENT})|\\[${L}\\]) !== undefined && (func\\d+)\\.call\\(\\1, ${L}\\)\\)\\{\\nif\\(typeof \\1(?:\\.(${IDENT})|\\[${L}\\]) !== ${L}\\)\\{\\nvErrors = \\$addError\\(vErrors, (${IDENT})\\+${L}, ${L}, \\{type: ${L}\\}, ${L}\\);\\nerrors\\+\\+;\\n\\}\\n\\}\\n`;
const ONE_TYPE = new RegExp(TYPE_BLOCK, 'y');
const START_TYPE = new RegExp(TYPE_BLOCK, 'g');
const TYPEOF = new Set(['"string"', '"boolean"']);

interface Typed extends Block {
  readonly data: string;
  readonly func: string;
  readonly base: string;
  readonly keyword: string;
  /** `[name, path suffix, type, message]`, as placeholders. */
  readonly row: string;
}

function typedAt(skeleton: string, at: number, literals: readonly string[]): Typed | undefined {
  ONE_TYPE.lastIndex = at;
  const m = ONE_TYPE.exec(skeleton);
  if (m === null) return undefined;
  const lit = (group: number) => literals[Number(m[group])]!;
  const key = m[2] === undefined ? lit(3) : JSON.stringify(m[2]);
  const again = m[6] === undefined ? lit(7) : JSON.stringify(m[6]);
  const type = lit(8);
  const fixed =
    TYPEOF.has(type) &&
    lit(12) === type &&
    lit(11) === '"type"' &&
    lit(13) === JSON.stringify(`must be ${JSON.parse(type) as string}`);
  if (lit(5) !== key || again !== key || !fixed) return undefined;
  const hold = (group: number) => `\u0000${m[group]}\u0000`;
  return {
    end: ONE_TYPE.lastIndex,
    data: m[1]!,
    func: m[4]!,
    base: m[9]!,
    object: `${m[1]} ${m[4]} ${m[9]}`,
    keyword: hold(11),
    row: `[${[5, 10, 8, 13].map(hold).join(',')}]`,
  };
}

/**
 * The skeleton with every run of two or more such type checks on one object folded into a loop over
 * a table of `[name, path, type, message]`: about 60 bytes a property instead of 230.
 */
export function foldTypeRuns(skeleton: string, literals: readonly string[]): string {
  return foldRuns(
    skeleton,
    START_TYPE,
    (at) => typedAt(skeleton, at, literals),
    (run) => {
      const { data, func, base, keyword } = run[0]!;
      return (
        `for(const [$key, $path, $type, $message] of [${run.map((r) => r.row).join(',')}]){\n` +
        `if(${data}[$key] !== undefined && ${func}.call(${data}, $key) && typeof ${data}[$key] !== $type){\n` +
        `vErrors = $addError(vErrors, ${base}+$path, ${keyword}, {type: $type}, $message);\n` +
        `errors++;\n}\n}\n`
      );
    },
  );
}

/**
 * A line diff (Myers' O(ND) shortest edit script), for tests that bound how much of a generated file
 * a small input change rewrites. `maxEdits` bounds the work: past it the diff is reported as too large
 * rather than computed, which is all such a test needs to know.
 */
export interface LineDiff {
  readonly removed: readonly string[];
  readonly added: readonly string[];
}

export function lineDiff(
  a: readonly string[],
  b: readonly string[],
  maxEdits = 200,
): LineDiff | 'too large' {
  const n = a.length;
  const m = b.length;
  // traces[d][k + d] = the furthest x on diagonal k after d edits.
  const traces: number[][] = [];
  let previous: number[] = [0];
  for (let d = 0; d <= Math.min(maxEdits, n + m); d++) {
    const v: number[] = new Array<number>(2 * d + 1);
    for (let k = -d; k <= d; k += 2) {
      const at = (kk: number) => previous[kk + d - 1]!; // previous holds diagonals -(d-1)..(d-1)
      let x: number;
      if (d === 0) x = 0;
      else if (k === -d || (k !== d && at(k - 1) < at(k + 1)))
        x = at(k + 1); // down: a line of b added
      else x = at(k - 1) + 1; // right: a line of a removed
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[k + d] = x;
      if (x >= n && y >= m) {
        traces.push(v);
        return backtrack(traces, a, b);
      }
    }
    traces.push(v);
    previous = v;
  }
  return 'too large';
}

function backtrack(
  traces: readonly number[][],
  a: readonly string[],
  b: readonly string[],
): LineDiff {
  const removed: string[] = [];
  const added: string[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = traces.length - 1; d > 0; d--) {
    const prev = traces[d - 1]!;
    const k = x - y;
    const at = (kk: number) => prev[kk + d - 1]!;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    if (down) added.push(b[prevY]!);
    else removed.push(a[prevX]!);
    x = prevX;
    y = prevY;
  }
  return { removed: removed.reverse(), added: added.reverse() };
}

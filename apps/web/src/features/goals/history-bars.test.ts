import { describe, expect, it } from 'vitest';
import { historyBars } from './history-bars';
import { goal, weightGoal } from './test-utils';

describe('historyBars', () => {
  it('stands daily totals on zero, met ones marked, the target line across', () => {
    const { bars, targetY } = historyBars(goal(), 120, 50);
    expect(bars.map((b) => b.met)).toEqual([true, true, false, false]);
    // 11,000 steps is taller than 10,400; a day without data is a 1 px stub on the baseline
    expect(bars[1]!.height).toBeGreaterThan(bars[0]!.height);
    expect(bars[3]).toMatchObject({ y: 49, height: 1 });
    expect(targetY).toBeGreaterThan(bars[1]!.y);
    expect(targetY).toBeLessThan(bars[2]!.y);
  });

  it('draws few periods as narrow bars at the right', () => {
    const { bars } = historyBars(goal(), 120, 50);
    // four periods in twelve 10 px slots: the last eight slots' width is left empty on the left
    expect(bars[0]!.x).toBeCloseTo(80 + 1);
    expect(bars[3]!.x + bars[3]!.width).toBeCloseTo(120 - 1);
  });

  it('stands levels on a floor under the lowest value, so a small change shows', () => {
    const { bars } = historyBars(weightGoal(), 120, 50);
    const [first, second] = bars;
    // 80 → 78 kg toward 75: the second bar is clearly lower, not a hair's breadth
    expect(first!.height - second!.height).toBeGreaterThan(5);
  });
});

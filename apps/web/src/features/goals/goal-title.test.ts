import { describe, expect, it } from 'vitest';
import { isDefaultTitle } from './goal-title';
import { goal, weightGoal } from './test-utils';

describe('isDefaultTitle', () => {
  it('knows the server’s titles in the unit the target was typed in', () => {
    expect(isDefaultTitle(goal({ title: 'Steps at least 10,000 a day' }))).toBe(true);
    const typedInPounds = { ...weightGoal(), target: 74.842741 };
    expect(isDefaultTitle({ ...typedInPounds, title: 'Weight at most 165 lb by 2027-06-30' })).toBe(true);
    expect(isDefaultTitle({ ...weightGoal(), title: 'Weight at most 75 kg by 2027-06-30' })).toBe(true);
  });

  it('leaves a person’s own title alone', () => {
    expect(isDefaultTitle(goal({ title: 'Walk more' }))).toBe(false);
    expect(isDefaultTitle(goal({ title: 'Steps at least 12,000 a day' }))).toBe(false);
  });
});

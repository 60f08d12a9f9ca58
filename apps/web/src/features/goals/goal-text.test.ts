import { describe, expect, it } from 'vitest';
import { currentText, goalSentence, historySummary, predictionText, streakText } from './goal-text';
import { goal, weightGoal } from './test-utils';

describe('goal text', () => {
  it('says the goal in words, in the user’s units', () => {
    expect(goalSentence(goal(), 'metric')).toBe('10,000 steps a day');
    expect(goalSentence(goal({ direction: 'at_most' }), 'metric')).toBe('At most 10,000 steps a day');
    expect(goalSentence(weightGoal(), 'metric')).toBe('Weight 75 kg by 30 Jun 2027');
    expect(goalSentence(weightGoal(), 'imperial')).toBe('Weight 165.3 lb by 30 Jun 2027');
    const a1c = goal({ metric: 'hemoglobin_a1c', target: 5.7, unit: '%', direction: 'at_most' });
    expect(goalSentence(a1c, 'metric')).toBe('HbA1c at most 5.7 %');
    const exercise = goal({ metric: 'exercise_minutes', target: 150, unit: 'min', period: 'weekly' });
    expect(goalSentence(exercise, 'metric')).toBe('Exercise at least 2 h 30 min a week');
  });

  it('says where this period stands', () => {
    expect(currentText(goal(), 'metric')).toBe('Today: 6,400 steps');
    expect(currentText(goal({ period: 'weekly' }), 'metric')).toBe('This week: 6,400 steps');
    expect(currentText(weightGoal(), 'imperial')).toBe('Latest: 172 lb');
    expect(currentText(goal({ progress: { current: null } }), 'metric')).toBe('Today: no data yet');
  });

  it('counts streaks in the goal’s periods', () => {
    expect(streakText(goal())).toBe('4-day streak · best 9');
    expect(streakText(goal({ period: 'weekly', progress: { streak: 2, bestStreak: 5 } }))).toBe(
      '2-week streak · best 5',
    );
    expect(streakText(goal({ progress: { streak: 0, bestStreak: 3 } }))).toBe('No current streak · best 3');
    expect(streakText(goal({ progress: { streak: 0, bestStreak: 0 } }))).toBe('No streak yet');
    expect(streakText(weightGoal())).toBeUndefined();
  });

  it('says where the current rate leads a by-date goal', () => {
    const now = new Date('2026-11-20T12:00:00');
    expect(predictionText(weightGoal(), now)).toBe(
      'At this rate: around 12 May 2027 (2 May – 30 May 2027) — on track',
    );
    expect(predictionText(weightGoal(), new Date('2027-01-10T12:00:00'))).toBe(
      'At this rate: around 12 May (2 May – 30 May) — on track',
    );
    const stalled = weightGoal({
      prediction: { date: null, low: null, high: null, onTrack: false, ratePerDay: 0 },
    });
    expect(predictionText(stalled, now)).toBe('At this rate the target is not reached — not on track');
    expect(predictionText(goal(), now)).toBeUndefined();
  });

  it('summarises the history bars', () => {
    expect(historySummary(goal())).toBe('Last 4 days: target met on 2 of 4');
    expect(historySummary(weightGoal())).toBe('2 readings since the goal began; 0 met the target');
  });
});

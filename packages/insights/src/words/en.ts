/**
 * The engine's sentences in English: the reference every other language (es.ts, de.ts) implements, typed
 * by this object so a missing sentence fails the build. Values arrive formatted in the language (numbers,
 * days, kind names), so a sentence only orders them.
 *
 * Over 300 lines: a catalogue of data, one entry for each sentence the engine says.
 */
const sentence = (text: string) => text;

export const en = {
  // trend
  trendTitle: (label: string, up: boolean, amount: string, days: number) =>
    `${label} ${up ? 'up' : 'down'} ${amount} over ${days} days`,
  trendDescription: (
    noun: string,
    up: boolean,
    amount: string,
    from: string,
    to: string,
    start: string,
    end: string,
  ) =>
    `Your ${noun} went ${up ? 'up' : 'down'} by about ${amount} between ${from} and ${to}, from about ${start} to ${end}.`,
  trendMeaning: (healthy: boolean | undefined): string =>
    healthy === undefined
      ? 'A steady change rather than a few odd days.'
      : healthy
        ? 'A steady change in a healthy direction.'
        : 'A steady change worth keeping an eye on, rather than a few odd days.',
  trendEvidence: (rate: string, low: string, high: string, p: string, days: number) =>
    `A steady rate of ${rate} (95 % interval ${low} to ${high}) (Theil–Sen), Mann–Kendall ${p}, over ${days} days with data.`,
  perDay: (rate: string) => `${rate} a day`,
  perWeek: (rate: string) => `${rate} a week`,
  trendAdvice: {
    resting_heart_rate: [
      'Poor sleep, illness, stress, alcohol or hard training can raise resting heart rate for a while; consider a few easier days with good sleep and fluids.',
      'Talk with your clinician if it keeps rising or comes with symptoms such as chest pain, breathlessness or dizziness.',
    ],
    heart_rate_variability: [
      'Lower heart rate variability often follows short sleep, illness, stress or hard training; consider more recovery time.',
      'Talk with your clinician if it stays low and you feel unwell.',
    ],
    sleep_duration: [
      'Adults are advised to sleep at least 7 hours a night (AASM/SRS); consider a regular bedtime and winding down without screens.',
    ],
    steps: ['Consider short walks through the day, such as after meals, to bring your steps back up.'],
    exercise_minutes: [
      'Consider planning your exercise into the week; adults are advised 150–300 minutes of moderate activity a week (WHO 2020).',
    ],
    blood_pressure_systolic: [
      'Talk with your clinician about your blood pressure readings if they keep rising.',
    ],
    blood_pressure_diastolic: [
      'Talk with your clinician about your blood pressure readings if they keep rising.',
    ],
    oxygen_saturation: [
      'Talk with your clinician if your oxygen saturation keeps falling, and seek care at once if you are short of breath.',
    ],
    blood_glucose: ['Talk with your clinician about your rising glucose readings.'],
    vo2_max: ['Regular aerobic exercise is the usual way to build cardio fitness back up.'],
    stress_level: [
      'Consider regular breaks, time outdoors or a short breathing exercise when stress builds up.',
    ],
  } as Record<string, string[]>,
  trendAdviceOther: ['Keep an eye on this; talk with your clinician if it continues or worries you.'],

  // unusual days
  anomalyTitle: (label: string, high: boolean, day: string, value: string) =>
    `${label} unusually ${high ? 'high' : 'low'} on ${day}: ${value}`,
  anomalyDescription: (
    label: string,
    day: string,
    value: string,
    usual: string,
    baselineDays: number,
    from: string,
    to: string,
    high: boolean,
    bound: string,
    others: readonly string[],
  ) =>
    `${label} on ${day}: ${value}. Your usual is about ${usual} (the middle value of your ${baselineDays} days from ` +
    `${from} to ${to}), and your days are rarely ${high ? 'above' : 'below'} ${bound}.` +
    (others.length > 0 ? ` Also unusual on ${others.join(', ')}.` : ''),
  anomalyAdviceHighRestingHeartRate: [
    'A high resting heart rate often follows a short night, alcohol, an illness coming on or a hard workout; see whether it settles over the next days.',
    'Talk with your clinician if it stays high or comes with symptoms such as chest pain, breathlessness or dizziness.',
  ],
  anomalyAdviceLowOxygen: [
    'Check the reading (a cold finger or a loose sensor can read low); seek care at once if you are short of breath.',
  ],
  anomalyAdviceOther: [
    'Check that the reading is right (a loose device, a typo in a manual entry) and see whether it happens again.',
  ],
  usualRange: sentence('Your usual range'),

  // lab results
  labRange: (low: string | undefined, high: string | undefined, highExclusive: boolean, unit: string) => {
    const suffix = unit ? ` ${unit}` : '';
    if (low !== undefined && high !== undefined) return `${low}–${high}${suffix}`;
    if (high !== undefined) return `${highExclusive ? 'below' : 'up to'} ${high}${suffix}`;
    if (low !== undefined) return `${low}${suffix} or more`;
    return 'not given';
  },
  labWhere: (direction: 'high' | 'low' | 'abnormal') =>
    direction === 'abnormal'
      ? 'flagged abnormal'
      : `${direction === 'high' ? 'above' : 'below'} its reference range`,
  labRangeSentence: (range: string, labOwn: boolean, source: string) =>
    ` The reference range is ${range} (${labOwn ? "the lab's own" : source}).`,
  labTitle: (label: string, where: string, value: string, critical: boolean) =>
    critical ? `${label} flagged critical by the lab: ${value}` : `${label} ${where}: ${value}`,
  labDescription: (
    name: string,
    value: string,
    day: string,
    where: string,
    critical: boolean,
    range: string,
  ) =>
    `Your ${name} result of ${value} on ${day} is ${where}` +
    (critical ? ', and the lab flagged it as critical.' : '.') +
    range,
  labAdviceCritical: (name: string) => [
    `Contact your clinician promptly about this ${name} result, or sooner if you feel unwell.`,
    'One result is not a diagnosis; your clinician can say what it means for you and whether to repeat the test.',
  ],
  labAdvice: (name: string) => [
    `Talk with your clinician about this ${name} result at your next contact.`,
    'One result outside the range is not a diagnosis; ranges differ between labs, and a repeat test is often the next step.',
  ],
  referenceRange: sentence('Reference range'),

  // CGM
  cgmTarget: sentence('Target range 70–180 mg/dL'),
  cgmLowTitle: (below: string) => `Glucose below 70 mg/dL ${below} of the time`,
  cgmLowDescription: (below: string, readings: string, veryLow: string) =>
    `Over the last 14 days, ${below} of your ${readings} CGM readings were below 70 mg/dL and ${veryLow} below ` +
    `54 mg/dL. The international consensus target is under 4 % below 70 and under 1 % below 54 (Battelino et al., 2019).`,
  cgmLowAdvice: [
    'Talk with your diabetes care team soon about these lows; your treatment may need adjusting.',
    'Keep fast-acting glucose at hand, and seek help at once for a low you cannot treat yourself.',
  ],
  cgmRangeTitle: (inRange: string) => `Glucose in range ${inRange} of the time`,
  cgmRangeDescription: (inRange: string, above: string, below: string, mean: string, gmi: string) =>
    `Over the last 14 days, ${inRange} of your CGM readings were in 70–180 mg/dL (${above} above, ${below} below); ` +
    `the consensus target for most adults with diabetes is over 70 % (Battelino et al., 2019). Mean glucose ` +
    `${mean} mg/dL, GMI ${gmi} %.`,
  cgmRangeAdvice: [
    'Consider reviewing your glucose patterns with your diabetes care team; meals, activity and medication timing often explain them.',
  ],

  // correlations
  correlationTitle: (a: string, b: string, aUp: string, bUp: string, when: 'morning' | 'next' | 'same') =>
    `${aUp.charAt(0).toUpperCase() + aUp.slice(1)} ${a}, ${bUp} ${b} ${
      when === 'morning' ? 'the morning after' : when === 'next' ? 'the next day' : 'the same day'
    }`,
  /** "more"/"less" for amounts, "higher"/"lower" for levels, "a rise in"/"a fall in" for weight change. */
  comparative: (kind: 'amount' | 'level' | 'change', up: boolean): string =>
    kind === 'change'
      ? up
        ? 'a rise in'
        : 'a fall in'
      : kind === 'amount'
        ? up
          ? 'more'
          : 'less'
        : up
          ? 'higher'
          : 'lower',
  weightChange: sentence('weight change'),
  plainCorrelation: (
    a: string,
    b: string,
    aIsAmount: boolean,
    lag: 0 | 1,
    bUp: string,
    weightUp: boolean | undefined,
    sleepFirst: boolean,
  ) => {
    if (sleepFirst)
      return `After nights with more sleep than usual, your ${b} the next morning was usually ${bUp}.`;
    const cause = `${aIsAmount ? 'more' : 'a higher'} ${a} than usual`;
    const when = lag === 1 ? 'the next day' : 'that day';
    const effect =
      weightUp !== undefined
        ? `your weight usually went ${weightUp ? 'up' : 'down'} ${when}`
        : `your ${b} ${when} was usually ${bUp}`;
    return `${lag === 1 ? 'After' : 'On'} days with ${cause}, ${effect}.`;
  },
  /** "longer/shorter" for durations, "higher/lower" for the rest. */
  higher: (duration: boolean, up: boolean): string =>
    duration ? (up ? 'longer' : 'shorter') : up ? 'higher' : 'lower',
  genericMeaning: sentence(
    'The two often go together in your data; worth watching, though it does not prove one causes the other.',
  ),
  associationOnly: sentence('This is an association in your own data, not proof that one causes the other.'),
  correlationEvidence: (
    days: number,
    n: number,
    from: string,
    r: string,
    low: string,
    high: string,
    p: string,
    tests: number,
  ) =>
    `Over the last ${days} days (${n} days with both, from ${from}): Spearman r = ${r} (95 % interval ${low} to ${high}), ` +
    `${p}, significant after correcting for the ${tests} pairings tested. Slow drifts over weeks are taken out first.`,
  /** A curated pair's meaning and advice, by `a:b`; English lives with the pairs (correlation/pairs.ts). */
  pairs: {} as Record<
    string,
    { meaning?: { positive?: string; negative?: string }; advice?: { positive?: string; negative?: string } }
  >,

  // predictions
  bodyTitle: (label: string, value: string, day: string) => `${label} heading for about ${value} by ${day}`,
  bodyDescription: (noun: string, rate: string, days: number, n: number, value: string, day: string) =>
    `Your ${noun} has been changing by about ${rate} over the last ${days} days (${n} readings). If that continues ` +
    `it will be about ${value} on ${day}. Trends rarely stay straight for long, so take this as a guide.`,
  bodyEvidence: (days: number, n: number, low: string, high: string) =>
    `A straight line fitted to your last ${days} days (${n} readings): ` +
    (low === high
      ? `a reading that day would most likely (95 %) be about ${low}.`
      : `a reading that day would most likely (95 %) fall between ${low} and ${high}.`),
  goalStalledTitle: (goal: string, target: string) =>
    `${goal}: not moving toward ${target} at the current rate`,
  goalStalledDescription: (n: number, noun: string, rate: string, target: string, deadline: string) =>
    `Over the last ${n} readings your ${noun} changed by ${rate}, which does not clearly move it toward ${target}` +
    `${deadline ? ` by ${deadline}` : ''}.`,
  goalWhenTitle: (goal: string, target: string, date: string) => `${goal}: ${target} around ${date}`,
  goalWhenDescription: (
    rate: string,
    n: number,
    target: string,
    date: string,
    between: { low: string; high: string } | 'wide' | undefined,
    deadline: string,
    onTrack: boolean,
  ) =>
    `At the current rate (${rate} over the last ${n} readings) you will reach ${target} around ${date}` +
    (between === 'wide'
      ? ' (the range is wide: the rate is still uncertain)'
      : between
        ? ` (between ${between.low} and ${between.high})`
        : '') +
    (deadline
      ? onTrack
        ? `, by your deadline of ${deadline}.`
        : `, after your deadline of ${deadline}.`
      : '.'),
  offTrackAdvice: sentence(
    'Consider whether the deadline or the target still suits you, or what you could change to pick up the pace.',
  ),
  target: sentence('Target'),

  // goal progress
  periods: (count: number, daily: boolean) => `${count} ${daily ? 'day' : 'week'}${count === 1 ? '' : 's'}`,
  goalSide: (atLeast: boolean): string => (atLeast ? 'at or above' : 'at or below'),
  periodicTitle: (met: number, periods: string, side: string, target: string, streak: string) =>
    `${met} of the last ${periods} ${side} ${target}; streak ${streak}`,
  periodicNone: (noun: string, daily: boolean) => `No ${noun} yet ${daily ? 'today' : 'this week'}.`,
  periodicNow: (daily: boolean, value: string, percent: string, met: 'met' | 'for now' | undefined) =>
    `${daily ? 'Today' : 'This week'} so far: ${value} (${percent} % of the way` +
    `${met === 'met' ? ', met' : met === 'for now' ? ', within your target for now' : ''}).`,
  bestStreak: (streak: string) => `Your best streak is ${streak}.`,
  reachedTitle: (goal: string, current: string) => `${goal}: reached (${current})`,
  reachedDescription: (noun: string, current: string, side: string, target: string) =>
    `Your latest ${noun} reading, ${current}, is ${side} your target of ${target}.`,
  wayTitle: (goal: string, percent: string) => `${goal}: ${percent} % of the way`,
  wayDescription: (
    noun: string,
    current: string,
    percent: string,
    from: string,
    target: string,
    deadline: string,
  ) =>
    `Your latest ${noun} reading is ${current}, ${percent} % of the way${from ? ` from ${from}` : ''} ` +
    `to ${target}${deadline ? ` by ${deadline}` : ''}.`,
  outlook: (outlook: 'on track' | 'miss' | 'stalled'): string =>
    outlook === 'on track'
      ? ' At the current rate you are on track.'
      : outlook === 'miss'
        ? ' At the current rate you will miss the deadline.'
        : ' At the current rate you are not moving toward the target.',

  // levels and advice
  sleepTitle: (average: string, nights: number) => `Average sleep ${average} over the last ${nights} nights`,
  sleepDescription: (average: string, days: number, nights: number) =>
    `You slept ${average} a night on average over the last ${days} days (${nights} nights recorded). Adults are ` +
    `advised to sleep at least 7 hours a night regularly (American Academy of Sleep Medicine and Sleep Research ` +
    `Society, 2015).`,
  sleepAdvice: [
    'Consider a regular bedtime that leaves room for at least 7 hours of sleep.',
    'A dark, cool, quiet bedroom and no caffeine late in the day often help.',
    'Talk with your clinician if you sleep poorly despite enough time in bed, or if you snore loudly or feel sleepy in the day.',
  ],
  sleepBand: sentence('At least 7 h'),
  stepsTitle: (average: string, days: number) =>
    `Steps averaging ${average} a day over the last ${days} days`,
  stepsDescription: (average: string, days: number) =>
    `You averaged ${average} a day over ${days} days with data. Under 5,000 a day is usually counted as a sedentary ` +
    `level (Tudor-Locke et al., 2013), and in large studies more daily steps went with lower mortality up to about ` +
    `6,000–10,000 a day (Paluch et al., Lancet Public Health 2022).`,
  stepsAdvice: [
    'Consider adding short walks through the day, such as 10 minutes after meals, and building up gradually.',
    'If a health condition limits your walking, talk with your clinician about the right amount for you.',
  ],
  stepsBand: sentence('5,000 steps'),
  exerciseTitle: (weekly: string) => `About ${weekly} minutes of exercise a week over the last 4 weeks`,
  exerciseDescription: (days: number, weekly: string) =>
    `Over the last 28 days (${days} with data) you recorded about ${weekly} minutes of exercise a week. The WHO ` +
    `advises adults 150–300 minutes of moderate activity a week, or 75–150 of vigorous activity (WHO guidelines on ` +
    `physical activity, 2020).`,
  exerciseAdvice: [
    'Consider building up to 150 minutes a week, for example 30 minutes of brisk walking on five days.',
    'If you have a heart condition or other health concern, talk with your clinician before starting something strenuous.',
  ],
  pressureTitle: (sys: string, dia: string) => `Blood pressure averaging ${sys}/${dia} mmHg`,
  pressureDescription: (days: number, from: string, sys: string, dia: string, stage2: boolean) =>
    `Your blood pressure readings over the last ${days} days (from ${from}) average ${sys}/${dia} mmHg. The ` +
    `ACC/AHA 2017 guideline counts home averages of 130/80 or more as high blood pressure` +
    `${stage2 ? ', and 140/90 or more as stage 2' : ''}.`,
  pressureAdvice: [
    'Talk with your clinician about these readings; one or two weeks of home readings are what they usually ask for.',
    'Measure seated after 5 minutes of rest, arm supported at heart level, two readings a minute apart.',
    'Less salt, regular activity, less alcohol and a healthy weight all tend to lower blood pressure.',
  ],
  below: (value: number) => `Below ${value}`,
  labsTitle: (count: number) =>
    `Talk with your clinician about ${count === 1 ? 'a lab result' : `${count} lab results`} outside the reference range`,
  labsDescription: (names: string, count: number, from: string, to: string | undefined) =>
    `Your latest ${names} ${count === 1 ? 'result is' : 'results are'} outside the reference range (tested ${from}` +
    `${to ? ` to ${to}` : ''}). A result outside the range is not a diagnosis; your clinician can say what it means for you.`,
  labsAdviceCritical: sentence(
    'Contact your clinician promptly: at least one result is far outside its range or was flagged critical.',
  ),
  labsAdviceFollowUp: sentence(
    'Bring these results to your next appointment, or ask your clinician whether they need a follow-up.',
  ),
  labsAdviceGroups: {
    cholesterol:
      'Your clinician can weigh your cholesterol against your overall heart risk; diet, activity and weight all affect it (AHA/ACC 2018).',
    glucose:
      'Ask your clinician whether a repeat test or a diabetes screen is due; activity and diet both affect blood sugar (ADA Standards of Care).',
    kidney:
      'Kidney results often need a repeat test to confirm; your clinician can say whether one is due (KDIGO).',
  },
  restingTitle: sentence('Resting heart rate rising: consider more recovery'),
  restingDescription: (amount: string, days: number) =>
    `Your resting heart rate rose by about ${amount} over the last ${days} days. A rise often follows short sleep, ` +
    `stress, alcohol, an illness coming on or a block of hard training.`,

  // health score
  scorePart: {
    sleep_duration: 'Sleep duration',
    sleep_regularity: 'Sleep regularity',
    activity_minutes: 'Active minutes',
    steps: 'Steps',
    resting_heart_rate: 'Resting heart rate',
    heart_rate_variability: 'Heart rate variability',
    lab_flags: 'Lab results',
  },
  scoreTooFew: (
    what: 'nights' | 'exercise' | 'steps' | 'days',
    n: number,
    need: number,
    span: 'recent' | 'week' | 'baseline',
  ) =>
    `Not enough data: ${n} ${
      what === 'nights'
        ? 'nights of sleep'
        : what === 'exercise'
          ? 'days of exercise minutes'
          : what === 'steps'
            ? 'days of steps'
            : 'days'
    } in ${span === 'recent' ? 'the last 14 days' : span === 'week' ? 'the last 7 days' : 'the baseline (the 83 days before)'}, at least ${need} needed`,
  scoreSleep: (hours: string, nights: number) => `${hours} h a night on average over ${nights} nights`,
  scoreRegularity: (sd: string, nights: number) =>
    `Nightly sleep varied by ${sd} h (standard deviation) over ${nights} nights`,
  scoreActivity: (weekly: string, days: number, who: number) =>
    `${weekly} exercise minutes a week over ${days} days (WHO: ${who})`,
  scoreSteps: (perDay: string, days: number, target: number) =>
    `${perDay} steps a day over ${days} days (target ${target})`,
  scoreBaseline: (recent: string, unit: string, days: number, baseline: string, baseDays: number) =>
    `${recent} ${unit} over the last ${days} days against your baseline of ${baseline} ${unit} (median of ${baseDays} days)`,
  scoreLabsFine: (n: number) => `All ${n} latest lab results of the last year are within their ranges`,
  scoreLabsFlagged: (flagged: number, total: number, names: string) =>
    `${flagged} of ${total} latest lab results outside their ranges: ${names}`,
  scoreLow: sentence(' (low)'),
  scoreNoLabs: sentence('No lab results in the last year'),
  scoreReason: (weight: number, total: number, need: number) =>
    `Not enough recent data: the parts with data carry ${weight} of ${total} weight points, at least ${need} needed`,
};

export type Phrases = typeof en;

/**
 * The sandbox member's year of Peloton classes for fake.ts: workouts as the workouts list answers them and
 * their performance graphs, generated from the day number so every run sees the same year.
 */
import { createHash } from 'node:crypto';
import { zoneOffsetAt } from '@healthfolio/core';
import { DAY_MS, gauss, seeded } from '../shared/fake-data';

export const USER_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const ZONE = 'America/New_York';

interface Discipline {
  name: string;
  weight: number;
  /** Class lengths in minutes. */
  lengths: number[];
  heartRate: number;
  kcalPerMin: number;
  device: string;
  /** Average speed (mph) for the disciplines that report distance. */
  mph?: number;
  /** Average output (W) for the disciplines that report it. */
  watts?: number;
  titles: string[];
}

export const DISCIPLINES: Discipline[] = [
  {
    name: 'cycling',
    weight: 50,
    lengths: [20, 30, 30, 45, 60],
    heartRate: 142,
    kcalPerMin: 11,
    device: 'home_bike_v1',
    mph: 18.5,
    watts: 145,
    titles: ['Pop Ride', 'Climb Ride', 'HIIT & Hills Ride', 'Power Zone Ride', 'Tabata Ride'],
  },
  {
    name: 'running',
    weight: 10,
    lengths: [20, 30, 45],
    heartRate: 152,
    kcalPerMin: 12,
    device: 'home_tread',
    mph: 6.2,
    watts: 180,
    titles: ['Endurance Run', 'Intervals Run', 'Fun Run'],
  },
  {
    name: 'walking',
    weight: 7,
    lengths: [20, 30, 45],
    heartRate: 108,
    kcalPerMin: 5,
    device: 'home_tread',
    mph: 3.4,
    watts: 70,
    titles: ['Power Walk', 'Hiking Walk'],
  },
  {
    name: 'strength',
    weight: 15,
    lengths: [10, 20, 30],
    heartRate: 118,
    kcalPerMin: 7,
    device: 'iPhone',
    titles: ['Full Body Strength', 'Upper Body Strength', 'Core Strength'],
  },
  {
    name: 'yoga',
    weight: 8,
    lengths: [20, 30],
    heartRate: 92,
    kcalPerMin: 4,
    device: 'iPhone',
    titles: ['Yoga Flow', 'Slow Flow', 'Power Yoga'],
  },
  {
    name: 'stretching',
    weight: 5,
    lengths: [5, 10],
    heartRate: 84,
    kcalPerMin: 3,
    device: 'home_bike_v1',
    titles: ['Post-Ride Stretch', 'Full Body Stretch'],
  },
  {
    name: 'meditation',
    weight: 5,
    lengths: [5, 10],
    heartRate: 68,
    kcalPerMin: 1.3,
    device: 'iPhone',
    titles: ['Sleep Meditation', 'Mindfulness Meditation'],
  },
];
const INSTRUCTORS = ['Jordan Reyes', 'Sam Okafor', 'Mia Lindqvist', 'Theo Marchetti', 'Ana Duarte'];
const TOTAL_WEIGHT = DISCIPLINES.reduce((a, d) => a + d.weight, 0);

export interface Generated {
  id: string;
  discipline: Discipline;
  start: number;
  end: number;
  lengthMin: number;
  title: string;
  instructor: string;
  heartRate: number;
  calories: number;
  miles?: number;
  watts?: number;
  totalWorkJ: number;
  seed: number;
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** The wall-clock minute `minuteOfDay` of UTC day `day` in the sandbox zone, as an instant. */
function localInstant(day: number, minuteOfDay: number): number {
  const wall = day * DAY_MS + minuteOfDay * 60_000;
  return wall - zoneOffsetAt(ZONE, wall) * 60_000;
}

/** The sandbox member's workouts of one day: none on rest days, one most days, two now and then. */
export function workoutsOf(day: number): Generated[] {
  const random = seeded(day * 31 + 7);
  const draw = random();
  const count = draw < 0.3 ? 0 : draw < 0.88 ? 1 : 2;
  const out: Generated[] = [];
  for (let i = 0; i < count; i++) {
    let pick = random() * TOTAL_WEIGHT;
    const discipline = DISCIPLINES.find((d) => (pick -= d.weight) < 0) ?? DISCIPLINES[0]!;
    const lengthMin = discipline.lengths[Math.floor(random() * discipline.lengths.length)]!;
    const minuteOfDay = Math.round((i === 0 ? 6.5 * 60 : 18 * 60) + gauss(random) * 25);
    const start = Math.floor(localInstant(day, minuteOfDay) / 1000);
    const end = start + lengthMin * 60 + 30 + Math.floor(random() * 60);
    const effort = 1 + gauss(random) * 0.08;
    const watts = discipline.watts ? Math.round(discipline.watts * effort) : undefined;
    out.push({
      id: hex(`peloton-workout:${day}:${i}`),
      discipline,
      start,
      end,
      lengthMin,
      title: `${lengthMin} min ${discipline.titles[Math.floor(random() * discipline.titles.length)]!}`,
      instructor: INSTRUCTORS[Math.floor(random() * INSTRUCTORS.length)]!,
      heartRate: Math.round((discipline.heartRate + gauss(random) * 6) * 10) / 10,
      calories: Math.round(discipline.kcalPerMin * lengthMin * effort),
      ...(discipline.mph
        ? { miles: Math.round(((discipline.mph * effort * lengthMin) / 60) * 100) / 100 }
        : {}),
      ...(watts ? { watts } : {}),
      totalWorkJ: watts ? watts * lengthMin * 60 : 0,
      seed: day * 31 + i,
    });
  }
  return out;
}

/** A workout as Peloton lists it with `joins=ride,ride.instructor` (the fields its apps show). */
export function listed(w: Generated) {
  const d = w.discipline;
  return {
    created_at: w.start,
    created: w.start,
    device_time_created_at: w.start + zoneOffsetAt(ZONE, w.start * 1000) * 60,
    device_type: d.device,
    end_time: w.end,
    fitbit_id: null,
    fitness_discipline: d.name,
    has_pedaling_metrics: d.name === 'cycling',
    has_leaderboard_metrics: d.watts !== undefined,
    id: w.id,
    is_total_work_personal_record: false,
    metrics_type: d.name === 'cycling' ? 'cycling' : d.watts ? 'running' : null,
    name: `${d.name[0]!.toUpperCase()}${d.name.slice(1)} Workout`,
    peloton_id: hex(`peloton-class:${w.seed}`),
    platform: d.device === 'iPhone' ? 'iOS_app' : d.device === 'home_tread' ? 'home_tread' : 'home_bike',
    start_time: w.start,
    strava_id: null,
    status: 'COMPLETE',
    timezone: ZONE,
    title: null,
    total_work: w.totalWorkJ,
    user_id: USER_ID,
    workout_type: 'class',
    total_video_watch_time_seconds: w.lengthMin * 60,
    total_video_buffering_seconds: 0,
    v2_total_video_watch_time_seconds: w.lengthMin * 60,
    v2_total_video_buffering_seconds: 0,
    effort_zones: null,
    ride: {
      id: hex(`peloton-ride:${w.seed}`),
      title: w.title,
      duration: w.lengthMin * 60,
      length: w.lengthMin * 60 + 60,
      fitness_discipline: d.name,
      fitness_discipline_display_name: `${d.name[0]!.toUpperCase()}${d.name.slice(1)}`,
      has_pedaling_metrics: d.name === 'cycling',
      instructor_id: hex(`peloton-instructor:${w.instructor}`),
      instructor: { id: hex(`peloton-instructor:${w.instructor}`), name: w.instructor },
      language: 'english',
      original_air_time: w.start - 30 * 86_400,
    },
  };
}

const summaryOf = (display_name: string, display_unit: string, value: number, slug: string) => ({
  display_name,
  display_unit,
  value,
  slug,
});

/** `GET /api/workout/{id}/performance_graph?every_n=`: points every n seconds, summaries, averages. */
export function performanceGraph(w: Generated, everyN: number) {
  const d = w.discipline;
  const duration = w.lengthMin * 60;
  const points = Math.max(1, Math.ceil(duration / everyN));
  const random = seeded(w.seed * 97 + 3);
  const series = (average: number, spread: number, digits = 0) => {
    const values = Array.from({ length: points }, () =>
      Math.max(0, Math.round((average + gauss(random) * spread) * 10 ** digits) / 10 ** digits),
    );
    return { values, max_value: Math.max(...values) };
  };
  const metric = (display_name: string, slug: string, unit: string, average: number, spread: number) => ({
    display_name,
    display_unit: unit,
    slug,
    average_value: average,
    ...series(average, spread),
  });
  const metrics = [];
  const averages = [];
  if (w.watts) {
    metrics.push(metric('Output', 'output', 'watts', w.watts, w.watts * 0.2));
    averages.push(summaryOf('Avg Output', 'watts', w.watts, 'avg_output'));
  }
  if (d.name === 'cycling') {
    metrics.push(metric('Cadence', 'cadence', 'rpm', 82, 8), metric('Resistance', 'resistance', '%', 42, 6));
    averages.push(summaryOf('Avg Cadence', 'rpm', 82, 'avg_cadence'));
    averages.push(summaryOf('Avg Resistance', '%', 42, 'avg_resistance'));
  }
  if (w.miles !== undefined) {
    const mph = Math.round((w.miles / (w.lengthMin / 60)) * 10) / 10;
    metrics.push(metric('Speed', 'speed', 'mph', mph, 0.8));
    averages.push(summaryOf('Avg Speed', 'mph', mph, 'avg_speed'));
  }
  metrics.push({
    ...metric('Heart Rate', 'heart_rate', 'bpm', w.heartRate, 9),
    zones: [1, 2, 3, 4, 5].map((zone) => ({
      display_name: `Zone ${zone}`,
      slug: `zone${zone}`,
      range: '',
      duration: Math.round(duration / 5),
      max_value: 0,
      min_value: 0,
    })),
  });
  const summaries = [];
  if (w.totalWorkJ)
    summaries.push(summaryOf('Total Output', 'kj', Math.round(w.totalWorkJ / 1000), 'total_output'));
  if (w.miles !== undefined) summaries.push(summaryOf('Distance', 'mi', w.miles, 'distance'));
  summaries.push(summaryOf('Calories', 'kcal', w.calories, 'calories'));
  return {
    duration,
    is_class_plan_shown: true,
    segment_list: [
      {
        id: hex(`peloton-segment:${w.seed}`),
        length: duration,
        start_time_offset: 0,
        icon_url: '',
        intensity_in_mets: 6,
        metrics_type: d.name,
        icon_name: d.name,
        icon_slug: d.name,
        name: d.name,
      },
    ],
    seconds_since_pedaling_start: Array.from({ length: points }, (_, i) => i * everyN),
    average_summaries: averages,
    summaries,
    metrics,
    has_apple_watch_metrics: false,
    splits_data: null,
    target_performance_metrics: null,
    effort_zones: null,
  };
}

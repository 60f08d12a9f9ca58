import { createHash, randomBytes } from 'node:crypto';
import { zoneOffsetAt } from '@healthfolio/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS, dayOf, gauss, seeded } from '../shared/fake-data';
import type { FakeOptions } from '../types';

/** The sandbox member signs in with any email or username and this password. */
export const SANDBOX_PASSWORD = 'sandbox';
const USER_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const ZONE = 'America/New_York';
const MAX_LIMIT = 100;
/** Peloton sessions last weeks; the fake's last 30 days unless a test says otherwise. */
const DEFAULT_TTL_S = 30 * 86_400;

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

const DISCIPLINES: Discipline[] = [
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

interface Generated {
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
function workoutsOf(day: number): Generated[] {
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
function listed(w: Generated) {
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
function performanceGraph(w: Generated, everyN: number) {
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

interface Session {
  expiresAt: number;
  revoked: boolean;
}

const errorBody = (
  status: number,
  message: string,
  details: string | null = null,
  code: number | null = null,
) => ({
  status,
  error_code: code,
  message,
  details,
  subcode: null,
});

/**
 * A fake of Peloton's members API as the public client libraries use it (the unofficial SwaggerHub
 * reference, geudrik/peloton-client-library, pablaber/peloton-client-node): `POST /auth/login` answering
 * `{ session_id, user_id }` and the `peloton_session_id` cookie, `GET /api/me`, the paged
 * `GET /api/user/{id}/workouts` (data, page, page_count, total, limit; newest first) and
 * `GET /api/workout/{id}/performance_graph`. A wrong password gets Peloton's 401 body; a lost session
 * 401; every n-th request 429 with Retry-After when asked. Data: a year of classes, the same every run.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const ttl = options.tokenTtlSeconds ?? DEFAULT_TTL_S;
  const sessions = new Map<string, Session>();
  let every = options.rateLimitEvery ?? 0;
  let counter = 0;
  let answered = 0;
  if (options.control) {
    options.control.expireTokens = () => {
      for (const s of sessions.values()) s.expiresAt = 0;
    };
    options.control.revokeGrants = () => {
      for (const s of sessions.values()) s.revoked = true;
    };
    options.control.requests = () => answered;
    options.control.rateLimitEvery = (n) => {
      every = n;
    };
  }

  // The workouts of the year before `now`, newest first; rebuilt when the day changes.
  let cache: { day: number; list: Generated[]; byId: Map<string, Generated> } | undefined;
  const workouts = () => {
    const today = dayOf(now());
    if (cache?.day !== today) {
      const list: Generated[] = [];
      for (let day = today - 365; day <= today; day++) list.push(...workoutsOf(day));
      const finished = list.filter((w) => w.end * 1000 <= now()).sort((a, b) => b.start - a.start);
      cache = { day: today, list: finished, byId: new Map(finished.map((w) => [w.id, w])) };
    }
    return cache;
  };

  /** Guards a members endpoint: 401 without a live session, 429 on every n-th call when asked. */
  const authenticate = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const id = /(?:^|;\s*)peloton_session_id=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    const session = id ? sessions.get(id) : undefined;
    if (!session || session.revoked || session.expiresAt <= now()) {
      void reply.status(401).send(errorBody(401, 'Login required'));
      return false;
    }
    counter++;
    if (every > 0 && counter % every === 0) {
      void reply.status(429).header('retry-after', '1').send(errorBody(429, 'Too Many Requests'));
      return false;
    }
    answered++;
    return true;
  };

  app.post('/auth/login', async (request, reply) => {
    const body = (request.body ?? {}) as { username_or_email?: unknown; password?: unknown };
    if (typeof body.username_or_email !== 'string' || typeof body.password !== 'string') {
      return reply.status(400).send(errorBody(400, 'username_or_email and password are required'));
    }
    if (body.password !== SANDBOX_PASSWORD) {
      return reply
        .status(401)
        .send(
          errorBody(
            401,
            'Login failed',
            `Sandbox: sign in with any email and the password "${SANDBOX_PASSWORD}"`,
            3010,
          ),
        );
    }
    const sessionId = randomBytes(16).toString('hex');
    sessions.set(sessionId, { expiresAt: now() + ttl * 1000, revoked: false });
    return reply
      .header('set-cookie', `peloton_session_id=${sessionId}; Path=/; Secure; HttpOnly; SameSite=None`)
      .send({
        session_id: sessionId,
        user_id: USER_ID,
        pubsub_session: { 'sandbox-channel': randomBytes(8).toString('hex') },
      });
  });

  app.get('/api/me', async (request, reply) => {
    if (!authenticate(request, reply)) return reply;
    const { list } = workouts();
    return reply.send({
      id: USER_ID,
      username: 'SandboxRider',
      email: 'sandbox@example.com',
      first_name: 'Sandbox',
      last_name: 'Rider',
      name: 'Sandbox Rider',
      location: 'New York, NY',
      is_profile_private: true,
      total_workouts: list.length,
      last_workout_at: list[0]?.start ?? null,
      default_max_heart_rate: 186,
      weight: 150,
      height: 68,
    });
  });

  app.get(
    '/api/user/:userId/workouts',
    async (
      request: FastifyRequest<{
        Params: { userId: string };
        Querystring: { limit?: string; page?: string; sort_by?: string };
      }>,
      reply,
    ) => {
      if (!authenticate(request, reply)) return reply;
      if (request.params.userId !== USER_ID) {
        return reply.status(403).send(errorBody(403, 'This profile is private'));
      }
      const limit = Math.min(MAX_LIMIT, Math.max(1, Number(request.query.limit) || 20));
      const page = Math.max(0, Math.floor(Number(request.query.page) || 0));
      const all = workouts().list;
      const sorted = request.query.sort_by === 'created' ? [...all].reverse() : all;
      const data = sorted.slice(page * limit, (page + 1) * limit).map(listed);
      const pageCount = Math.ceil(all.length / limit);
      return reply.send({
        data,
        limit,
        page,
        total: all.length,
        count: data.length,
        page_count: pageCount,
        show_previous: page > 0,
        show_next: page + 1 < pageCount,
        sort_by: request.query.sort_by ?? '-created',
        next: null,
        summary: Object.fromEntries(
          DISCIPLINES.map((d) => [d.name, all.filter((w) => w.discipline === d).length]),
        ),
      });
    },
  );

  app.get(
    '/api/workout/:id/performance_graph',
    async (request: FastifyRequest<{ Params: { id: string }; Querystring: { every_n?: string } }>, reply) => {
      if (!authenticate(request, reply)) return reply;
      const workout = workouts().byId.get(request.params.id);
      if (!workout) return reply.status(404).send(errorBody(404, 'Workout not found'));
      const everyN = Math.min(600, Math.max(1, Math.floor(Number(request.query.every_n) || 5)));
      return reply.send(performanceGraph(workout, everyN));
    },
  );
};

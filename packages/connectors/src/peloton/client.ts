import type { LoginContext, RawPage, SyncContext, TokenSet } from '../types';

/** Workouts asked for per page (Peloton's web app asks for 20–100). */
export const PAGE_SIZE = 50;
/** One performance-graph point a minute: only the summaries and averages are read. */
export const GRAPH_EVERY_N = 60;

/** Where the page walk resumes: Peloton pages are numbered from 0, newest first. */
interface Cursor {
  page: number;
}

/** A workout as `GET /api/user/{id}/workouts?joins=ride,ride.instructor` lists it (fields read). */
export interface PelotonWorkout {
  id: string;
  created_at: number;
  start_time: number;
  end_time: number | null;
  status?: string;
  fitness_discipline?: string;
  timezone?: string;
  total_work?: number;
  device_type?: string;
  ride?: { title?: string; duration?: number; instructor?: { name?: string } | null } | null;
  /** Added by `sync`: the workout's `GET /api/workout/{id}/performance_graph` answer. */
  performance_graph?: unknown;
}

interface WorkoutsPage {
  data?: PelotonWorkout[];
  page?: number;
  page_count?: number;
  total?: number;
  limit?: number;
}

const join = (base: string, path: string) => `${base.replace(/\/$/, '')}${path}`;

/**
 * Signs in at `POST /auth/login` with `{ username_or_email, password }`. Peloton answers
 * `{ session_id, user_id }` and sets the same session as the `peloton_session_id` cookie, which every
 * members endpoint reads. The password goes to Peloton once and is not kept; the cookie is.
 */
export async function login(
  credentials: { username: string; password: string },
  context: LoginContext,
): Promise<TokenSet> {
  let res: Response;
  try {
    res = await context.fetch(join(context.baseUrl, '/auth/login'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'peloton-platform': 'web',
      },
      body: JSON.stringify({ username_or_email: credentials.username, password: credentials.password }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new Error('Peloton could not be reached');
  }
  const answer = (await res.json().catch(() => ({}))) as {
    session_id?: string;
    user_id?: string;
    message?: string;
    details?: string | null;
  };
  if (!res.ok) {
    const said = [answer.message, answer.details].filter(Boolean).join(': ');
    if (res.status === 401 || res.status === 403) {
      throw new Error(`the email or password is wrong${said ? ` (${said})` : ''}`);
    }
    if (res.status === 429) throw new Error('Peloton asked us to slow down; try again in a few minutes');
    throw new Error(`Peloton answered ${res.status}${said ? ` (${said})` : ''}`);
  }
  const fromCookie = /peloton_session_id=([^;,\s]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  const session = answer.session_id ?? fromCookie;
  if (!session) throw new Error('Peloton answered without a session');
  return {
    accessToken: `peloton_session_id=${session}`,
    tokenType: 'cookie',
    ...(answer.user_id ? { extra: { userId: answer.user_id } } : {}),
  };
}

const inWindow = (w: PelotonWorkout, context: SyncContext) => {
  const at = (w.start_time ?? w.created_at) * 1000;
  return at >= context.from && at < context.to;
};

/**
 * Walks the member's workouts newest first (`sort_by=-created`, `page` from 0) until a page reaches
 * past the start of the window, fetching the performance graph of each finished workout in the window
 * for its calories, distance and heart rate. Each page is yielded with the workouts of the window
 * only, each carrying its graph under `performance_graph`, so `normalize` maps a page on its own.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const me = await context.http.get<{ id: string }>('/api/me');
  const start: Cursor = context.cursor ? (JSON.parse(context.cursor) as Cursor) : { page: 0 };
  for (let page = start.page; ; page++) {
    const answer = await context.http.get<WorkoutsPage>(`/api/user/${encodeURIComponent(me.id)}/workouts`, {
      joins: 'ride,ride.instructor',
      limit: PAGE_SIZE,
      page,
      sort_by: '-created',
    });
    const workouts = answer.data ?? [];
    const kept: PelotonWorkout[] = [];
    for (const workout of workouts) {
      if (!inWindow(workout, context)) continue;
      if (workout.status === 'COMPLETE' && workout.end_time) {
        const graph = await context.http.get(
          `/api/workout/${encodeURIComponent(workout.id)}/performance_graph`,
          { every_n: GRAPH_EVERY_N },
        );
        kept.push({ ...workout, performance_graph: graph });
      } else {
        kept.push(workout);
      }
    }
    const done =
      workouts.length === 0 ||
      workouts.some((w) => (w.start_time ?? w.created_at) * 1000 < context.from) ||
      page + 1 >= (answer.page_count ?? 0);
    yield {
      resource: 'workouts',
      payload: { ...answer, data: kept },
      cursor: done ? null : JSON.stringify({ page: page + 1 } satisfies Cursor),
    };
    if (done) return;
  }
}

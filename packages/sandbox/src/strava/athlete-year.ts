import { zoneOffsetAt } from '@healthfolio/core';
import { DAY_MS, gauss, isoWithOffset, seeded } from '../shared/fake-data';

/** The sandbox athlete: Ada, a marathoner in Denver training five or six days a week. */
export const ATHLETE = {
  id: 134_815,
  resource_state: 2,
  username: 'ada_runs',
  firstname: 'Ada',
  lastname: 'Sandbox',
  city: 'Denver',
  state: 'Colorado',
  country: 'United States',
  sex: 'F',
  premium: true,
  summit: true,
  weight: 58.5,
} as const;
export const ZONE = 'America/Denver';

type Plan = {
  sport: 'Run' | 'Ride' | 'VirtualRide' | 'Swim' | 'WeightTraining' | 'Yoga' | 'Walk' | 'Hike';
  name: string;
  /** Local start, minutes after midnight. */
  at: number;
  km: number;
  /** Moving speed, km/h (0: no distance). */
  kmh: number;
  minutes?: number;
  workoutType?: number;
};

/** What Ada does on a weekday (0 = Sunday) of a given week, before randomness. */
function plan(weekday: number, random: () => number): Plan[] {
  const r = random();
  switch (weekday) {
    case 1:
      return r < 0.4
        ? [{ sport: 'Yoga', name: 'Evening Yoga', at: 18 * 60 + 30, km: 0, kmh: 0, minutes: 45 }]
        : [];
    case 2:
      return [
        { sport: 'Run', name: 'Track intervals', at: 6 * 60, km: 10 + r * 2, kmh: 12.5, workoutType: 3 },
      ];
    case 3:
      return [{ sport: 'VirtualRide', name: 'Zwift - Watopia', at: 6 * 60 + 15, km: 28 + r * 12, kmh: 30 }];
    case 4:
      return [{ sport: 'Run', name: 'Tempo Run', at: 6 * 60, km: 11 + r * 3, kmh: 12.8 }];
    case 5:
      return r < 0.6
        ? [{ sport: 'WeightTraining', name: 'Strength', at: 17 * 60 + 30, km: 0, kmh: 0, minutes: 50 }]
        : [{ sport: 'Walk', name: 'Lunch Walk', at: 12 * 60 + 10, km: 3 + r * 2, kmh: 5.4 }];
    case 6:
      return [
        { sport: 'Run', name: 'Long Run', at: 7 * 60 + 30, km: 18 + r * 14, kmh: 11.2, workoutType: 2 },
      ];
    default:
      if (r < 0.3) return [{ sport: 'Swim', name: 'Morning Swim', at: 7 * 60, km: 2 + r * 3, kmh: 2.6 }];
      if (r < 0.4) return [{ sport: 'Hike', name: 'Afternoon Hike', at: 10 * 60, km: 9 + r * 8, kmh: 4.2 }];
      return [{ sport: 'Ride', name: 'Sunday Ride', at: 8 * 60, km: 50 + r * 60, kmh: 27 }];
  }
}

/** The UTC instant of a local wall time in Denver on a UTC day number (DST-aware). */
function instantOf(day: number, minuteOfDay: number): { ms: number; offset: number } {
  const wall = day * DAY_MS + minuteOfDay * 60_000;
  const offset = zoneOffsetAt(ZONE, wall - zoneOffsetAt(ZONE, wall) * 60_000);
  return { ms: wall - offset * 60_000, offset };
}

/**
 * Ada's activities of one calendar day, as Strava's SummaryActivity: the same on every run (seeded by the
 * day). About one day in ten she skips; rides and runs carry heart rate, rides with power `kilojoules`.
 */
export function activitiesOn(day: number): Record<string, unknown>[] {
  const random = seeded(day * 13 + 5);
  if (random() < 0.1) return [];
  const weekday = new Date(day * DAY_MS).getUTCDay();
  return plan(weekday, random).map((p, index) => {
    const { ms, offset } = instantOf(day, p.at + Math.round(random() * 30));
    const distance = Math.round(p.km * 1000 * 10) / 10;
    const speed = p.kmh * (1 + gauss(random) * 0.04);
    const moving = p.kmh > 0 ? Math.round((p.km / speed) * 3600) : (p.minutes ?? 45) * 60;
    const elapsed = moving + Math.round(random() * (p.sport === 'Ride' ? 900 : 240));
    const ride = p.sport === 'Ride' || p.sport === 'VirtualRide';
    const heart = p.sport !== 'Swim' && p.sport !== 'Yoga';
    const watts = ride ? Math.round(175 + gauss(random) * 15) : undefined;
    const hr = Math.round(
      (p.sport === 'Run' ? 152 : ride ? 138 : p.sport === 'WeightTraining' ? 118 : 105) + gauss(random) * 5,
    );
    const id = 10_000_000_000 + day * 10 + index;
    const indoor = p.kmh === 0 || p.sport === 'VirtualRide';
    return {
      resource_state: 2,
      athlete: { id: ATHLETE.id, resource_state: 1 },
      name: p.name,
      distance: p.kmh > 0 ? distance : 0,
      moving_time: moving,
      elapsed_time: elapsed,
      total_elevation_gain: p.kmh > 0 && p.sport !== 'Swim' ? Math.round(p.km * (8 + random() * 10)) : 0,
      type: p.sport,
      sport_type: p.sport,
      workout_type: p.sport === 'Run' ? (p.workoutType ?? 0) : ride ? 10 : null,
      id,
      start_date: new Date(ms).toISOString().replace('.000Z', 'Z'),
      // Strava writes the athlete's wall clock with a "Z" it does not mean.
      start_date_local: isoWithOffset(ms, offset).slice(0, 19) + 'Z',
      // The label keeps the zone's standard offset all year; `utc_offset` follows daylight saving.
      timezone: `(GMT-07:00) ${ZONE}`,
      utc_offset: offset * 60,
      location_city: null,
      location_state: null,
      location_country: 'United States',
      achievement_count: Math.floor(random() * 3),
      kudos_count: Math.floor(random() * 25),
      comment_count: Math.floor(random() * 3),
      athlete_count: 1,
      photo_count: 0,
      map: { id: `a${id}`, summary_polyline: indoor ? '' : 'ki{eFvqfiVsBmA`Feh@qg@', resource_state: 2 },
      trainer: p.sport === 'VirtualRide',
      commute: false,
      manual: false,
      private: false,
      visibility: 'everyone',
      flagged: false,
      gear_id: p.sport === 'Run' ? 'g1203117' : ride ? 'b9321654' : null,
      start_latlng: indoor ? [] : [39.74, -104.99],
      end_latlng: indoor ? [] : [39.74, -104.99],
      average_speed: p.kmh > 0 ? Math.round((distance / moving) * 1000) / 1000 : 0,
      max_speed: p.kmh > 0 ? Math.round((distance / moving) * 1.6 * 1000) / 1000 : 0,
      ...(ride
        ? {
            average_watts: watts,
            weighted_average_watts: Math.round(watts! * 1.05),
            // Work in kJ = average watts × seconds / 1000.
            kilojoules: Math.round((watts! * moving) / 100) / 10,
            device_watts: p.sport === 'VirtualRide',
          }
        : {}),
      has_heartrate: heart,
      ...(heart
        ? {
            average_heartrate: hr,
            max_heartrate: hr + 18 + Math.round(random() * 8),
            heartrate_opt_out: false,
          }
        : {}),
      display_hide_heartrate_option: heart,
      upload_id: id * 10 + 7,
      upload_id_str: String(id * 10 + 7),
      external_id: `garmin_ping_${id}`,
      from_accepted_tag: false,
      pr_count: 0,
      total_photo_count: 0,
      has_kudoed: false,
      ...(heart ? { suffer_score: Math.round(moving / 60 / 2) } : {}),
    };
  });
}

/** Cautious advice for a trend in the unhealthy direction, by kind; never a diagnosis. */
const advice: Record<string, string[]> = {
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
};

export function trendAdvice(kind: string): string[] {
  return advice[kind] ?? ['Keep an eye on this; talk with your clinician if it continues or worries you.'];
}

import { defineMetric, sameDisplay } from './define';

/** What the surroundings do to the body: sound levels, sunlight, UV — measured by watches and earphones. */
export const exposureMetrics = [
  defineMetric({
    // A-weighted equivalent level over the sample's span, as the watch's microphone measures it.
    kind: 'environmental_audio_exposure',
    label: 'Environmental sound level',
    category: 'vitals',
    unit: 'dB[SPL]',
    display: sameDisplay('dB[SPL]', 0, 'dB'),
    valueType: 'quantity',
    aggregation: 'avg',
    plausible: { min: 0, max: 150 },
    aliases: ['environmental_audio', 'environmental_sound_level', 'environmental_noise', 'noise_level'],
  }),
  defineMetric({
    kind: 'headphone_audio_exposure',
    label: 'Headphone audio level',
    category: 'vitals',
    unit: 'dB[SPL]',
    display: sameDisplay('dB[SPL]', 0, 'dB'),
    valueType: 'quantity',
    aggregation: 'avg',
    plausible: { min: 0, max: 150 },
    aliases: ['headphone_audio', 'headphone_audio_level', 'headphone_volume'],
  }),
  defineMetric({
    kind: 'uv_exposure',
    label: 'UV exposure',
    category: 'vitals',
    unit: '{index}',
    display: sameDisplay('{index}', 0, 'UV index'),
    valueType: 'quantity',
    aggregation: 'avg',
    plausible: { min: 0, max: 20 },
    aliases: ['uv_index', 'ultraviolet_exposure'],
  }),
  defineMetric({
    kind: 'time_in_daylight',
    label: 'Time in daylight',
    category: 'activity',
    unit: 'min',
    display: sameDisplay('min', 0),
    valueType: 'duration',
    aggregation: 'sum',
    plausible: { min: 0, max: 1440 },
    aliases: ['daylight_time', 'daylight_minutes'],
  }),
] as const;

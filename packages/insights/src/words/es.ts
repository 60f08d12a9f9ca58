/**
 * The engine's sentences in Spanish (informal "tú", as the web app). Typed by English (en.ts).
 *
 * Over 300 lines: a catalogue of data, one entry for each of en.ts's sentences.
 */
import type { Phrases } from './en';

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const es: Phrases = {
  trendTitle: (label, up, amount, days) => `${label}: ${up ? 'sube' : 'baja'} ${amount} en ${days} días`,
  trendDescription: (noun, up, amount, from, to, start, end) =>
    `${cap(noun)}: ${up ? 'subió' : 'bajó'} unos ${amount} entre el ${from} y el ${to}, de unos ${start} a ${end}.`,
  trendMeaning: (healthy) =>
    healthy === undefined
      ? 'Un cambio sostenido, no unos pocos días raros.'
      : healthy
        ? 'Un cambio sostenido en una dirección saludable.'
        : 'Un cambio sostenido que conviene vigilar, no unos pocos días raros.',
  trendEvidence: (rate, low, high, p, days) =>
    `Un ritmo constante de ${rate} (intervalo del 95 %: ${low} a ${high}) (Theil–Sen), Mann–Kendall ${p}, en ${days} días con datos.`,
  perDay: (rate) => `${rate} al día`,
  perWeek: (rate) => `${rate} a la semana`,
  trendAdvice: {
    resting_heart_rate: [
      'Dormir mal, una enfermedad, el estrés, el alcohol o entrenar duro pueden subir la frecuencia cardiaca en reposo durante un tiempo; plantéate unos días más suaves, con buen descanso y bien hidratado.',
      'Habla con tu médico si sigue subiendo o aparece con síntomas como dolor en el pecho, falta de aire o mareos.',
    ],
    heart_rate_variability: [
      'Una variabilidad más baja suele seguir a noches cortas, una enfermedad, estrés o entrenamientos duros; plantéate dar más tiempo a la recuperación.',
      'Habla con tu médico si sigue baja y no te encuentras bien.',
    ],
    sleep_duration: [
      'Se aconseja a los adultos dormir al menos 7 horas por noche (AASM/SRS); plantéate un horario regular para acostarte y desconectar de las pantallas antes.',
    ],
    steps: [
      'Plantéate dar paseos cortos a lo largo del día, por ejemplo después de las comidas, para recuperar tus pasos.',
    ],
    exercise_minutes: [
      'Plantéate reservar el ejercicio en tu semana; se aconseja a los adultos 150–300 minutos de actividad moderada a la semana (OMS 2020).',
    ],
    blood_pressure_systolic: [
      'Habla con tu médico sobre tus mediciones de presión arterial si siguen subiendo.',
    ],
    blood_pressure_diastolic: [
      'Habla con tu médico sobre tus mediciones de presión arterial si siguen subiendo.',
    ],
    oxygen_saturation: [
      'Habla con tu médico si tu saturación de oxígeno sigue bajando, y busca atención de inmediato si te falta el aire.',
    ],
    blood_glucose: ['Habla con tu médico sobre el aumento de tus lecturas de glucosa.'],
    vo2_max: ['El ejercicio aeróbico regular es la forma habitual de recuperar la forma cardiovascular.'],
    stress_level: [
      'Plantéate hacer pausas regulares, pasar tiempo al aire libre o un breve ejercicio de respiración cuando se acumule el estrés.',
    ],
  },
  trendAdviceOther: ['Vigílalo; habla con tu médico si continúa o te preocupa.'],

  anomalyTitle: (label, high, day, value) =>
    `${label}: valor inusualmente ${high ? 'alto' : 'bajo'} el ${day}: ${value}`,
  anomalyDescription: (label, day, value, usual, baselineDays, from, to, high, bound, others) =>
    `${label} el ${day}: ${value}. Lo habitual en ti es unos ${usual} (el valor central de tus ${baselineDays} días ` +
    `del ${from} al ${to}), y rara vez pasas ${high ? 'de' : 'por debajo de'} ${bound}.` +
    (others.length > 0 ? ` También inusual el ${others.join(', ')}.` : ''),
  anomalyAdviceHighRestingHeartRate: [
    'Una frecuencia cardiaca en reposo alta suele seguir a una noche corta, alcohol, una enfermedad que empieza o un entrenamiento duro; observa si se normaliza en los próximos días.',
    'Habla con tu médico si sigue alta o aparece con síntomas como dolor en el pecho, falta de aire o mareos.',
  ],
  anomalyAdviceLowOxygen: [
    'Comprueba la lectura (un dedo frío o un sensor suelto pueden dar valores bajos); busca atención de inmediato si te falta el aire.',
  ],
  anomalyAdviceOther: [
    'Comprueba que la lectura sea correcta (un dispositivo suelto, un error al introducirla a mano) y observa si se repite.',
  ],
  usualRange: 'Tu rango habitual',

  labRange: (low, high, highExclusive, unit) => {
    const suffix = unit ? ` ${unit}` : '';
    if (low !== undefined && high !== undefined) return `${low}–${high}${suffix}`;
    if (high !== undefined) return `${highExclusive ? 'menos de' : 'hasta'} ${high}${suffix}`;
    if (low !== undefined) return `${low}${suffix} o más`;
    return 'no indicado';
  },
  labWhere: (direction) =>
    direction === 'abnormal'
      ? 'marcado como anómalo'
      : `${direction === 'high' ? 'por encima' : 'por debajo'} de su rango de referencia`,
  labRangeSentence: (range, labOwn, source) =>
    ` El rango de referencia es ${range} (${labOwn ? 'el del propio laboratorio' : source}).`,
  labTitle: (label, where, value, critical) =>
    critical ? `${label} marcado como crítico por el laboratorio: ${value}` : `${label} ${where}: ${value}`,
  labDescription: (name, value, day, where, critical, range) =>
    `Tu resultado de ${name} de ${value} del ${day} está ${where}` +
    (critical ? ', y el laboratorio lo marcó como crítico.' : '.') +
    range,
  labAdviceCritical: (name) => [
    `Contacta pronto con tu médico por este resultado de ${name}, o antes si no te encuentras bien.`,
    'Un resultado no es un diagnóstico; tu médico puede decirte qué significa para ti y si conviene repetir la prueba.',
  ],
  labAdvice: (name) => [
    `Habla con tu médico sobre este resultado de ${name} en tu próxima consulta.`,
    'Un resultado fuera del rango no es un diagnóstico; los rangos varían entre laboratorios y repetir la prueba suele ser el siguiente paso.',
  ],
  referenceRange: 'Rango de referencia',

  cgmTarget: 'Rango objetivo 70–180 mg/dL',
  cgmLowTitle: (below) => `Glucosa por debajo de 70 mg/dL el ${below} del tiempo`,
  cgmLowDescription: (below, readings, veryLow) =>
    `En los últimos 14 días, el ${below} de tus ${readings} lecturas del MCG estuvo por debajo de 70 mg/dL y el ` +
    `${veryLow} por debajo de 54 mg/dL. El objetivo del consenso internacional es menos del 4 % por debajo de 70 y ` +
    `menos del 1 % por debajo de 54 (Battelino et al., 2019).`,
  cgmLowAdvice: [
    'Habla pronto con tu equipo de diabetes sobre estas bajadas; puede que haya que ajustar tu tratamiento.',
    'Ten a mano glucosa de acción rápida y pide ayuda de inmediato ante una bajada que no puedas tratar tú.',
  ],
  cgmRangeTitle: (inRange) => `Glucosa en rango el ${inRange} del tiempo`,
  cgmRangeDescription: (inRange, above, below, mean, gmi) =>
    `En los últimos 14 días, el ${inRange} de tus lecturas del MCG estuvo entre 70 y 180 mg/dL (${above} por encima, ` +
    `${below} por debajo); el objetivo del consenso para la mayoría de los adultos con diabetes es más del 70 % ` +
    `(Battelino et al., 2019). Glucosa media ${mean} mg/dL, GMI ${gmi} %.`,
  cgmRangeAdvice: [
    'Plantéate revisar tus patrones de glucosa con tu equipo de diabetes; las comidas, la actividad y el horario de la medicación suelen explicarlos.',
  ],

  correlationTitle: (a, b, aUp, bUp, when) =>
    `${cap(a)}: ${aUp}; ${b}: ${bUp} ${when === 'morning' ? 'a la mañana siguiente' : when === 'next' ? 'al día siguiente' : 'el mismo día'}`,
  comparative: (kind, up) =>
    kind === 'change'
      ? up
        ? 'sube'
        : 'baja'
      : kind === 'amount'
        ? up
          ? 'más'
          : 'menos'
        : up
          ? 'más alto'
          : 'más bajo',
  weightChange: 'cambio de peso',
  plainCorrelation: (a, b, aIsAmount, lag, bUp, weightUp, sleepFirst) => {
    if (sleepFirst)
      return `Tras noches con más sueño de lo habitual, ${b} a la mañana siguiente solía ser ${bUp}.`;
    const cause = `${aIsAmount ? 'más' : 'un valor más alto de'} ${a} de lo habitual`;
    const when = lag === 1 ? 'al día siguiente' : 'ese mismo día';
    const effect =
      weightUp !== undefined
        ? `tu peso solía ${weightUp ? 'subir' : 'bajar'} ${when}`
        : `${b} ${when} solía ser ${bUp}`;
    return `${lag === 1 ? 'Tras' : 'En'} días con ${cause}, ${effect}.`;
  },
  higher: (duration, up) => (duration ? (up ? 'más largo' : 'más corto') : up ? 'más alto' : 'más bajo'),
  genericMeaning:
    'Los dos suelen ir juntos en tus datos; merece la pena vigilarlo, aunque no demuestra que uno cause el otro.',
  associationOnly: 'Es una asociación en tus propios datos, no una prueba de que uno cause el otro.',
  correlationEvidence: (days, n, from, r, low, high, p, tests) =>
    `En los últimos ${days} días (${n} días con ambos, desde el ${from}): r de Spearman = ${r} (intervalo del 95 %: ` +
    `${low} a ${high}), ${p}, significativa tras corregir por las ${tests} parejas analizadas. Antes se eliminan las ` +
    `tendencias lentas de semanas.`,
  pairs: {
    'exercise_minutes:sleep_duration': {
      meaning: {
        negative: 'El ejercicio intenso o tardío puede estar quitándote sueño.',
        positive: 'Estar activo puede estar ayudándote a dormir más.',
      },
      advice: {
        negative:
          'Plantéate terminar los entrenamientos duros unas horas antes de acostarte y observa durante dos semanas si cambia tu sueño.',
      },
    },
    'steps:sleep_duration': {
      meaning: {
        positive: 'Los días activos pueden estar ayudándote a dormir más.',
        negative: 'Los días ajetreados pueden estar quitándote sueño.',
      },
    },
    'active_calories_burned:sleep_duration': {
      meaning: {
        negative: 'Los días intensos pueden estar quitándote sueño.',
        positive: 'Los días activos pueden estar ayudándote a dormir más.',
      },
      advice: {
        negative:
          'Plantéate pasar la actividad intensa a antes en el día y observa durante dos semanas si cambia tu sueño.',
      },
    },
    'sleep_duration:resting_heart_rate': {
      meaning: { negative: 'Tu corazón parece descansar mejor tras una noche más larga.' },
      advice: { negative: 'Acostarte a una hora regular que deje sitio a una noche completa puede ayudar.' },
    },
    'sleep_duration:heart_rate_variability': {
      meaning: { positive: 'Tu cuerpo parece recuperarse mejor tras una noche más larga.' },
      advice: { positive: 'Acostarte a una hora regular que deje sitio a una noche completa puede ayudar.' },
    },
    'stress_level:sleep_duration': {
      meaning: { negative: 'Los días estresantes pueden estar costándote sueño.' },
      advice: {
        negative:
          'Plantéate una rutina para desconectar los días estresantes, como un paseo corto o un ejercicio de respiración.',
      },
    },
    'exercise_minutes:resting_heart_rate': {
      meaning: {
        negative: 'El ejercicio parece sentarle bien a tu frecuencia cardiaca en reposo.',
        positive: 'Los días duros pueden hacer que tu corazón trabaje más durante un tiempo; suele pasar.',
      },
    },
    'mindful_minutes:stress_level': {
      meaning: { negative: 'La atención plena parece ayudarte a sentir menos estrés.' },
    },
    'nutrition_calories:weight_change': {
      meaning: { positive: 'Lo que comes parece notarse en la báscula al día siguiente.' },
    },
  },

  bodyTitle: (label, value, day) => `${label}: camino de unos ${value} para el ${day}`,
  bodyDescription: (noun, rate, days, n, value, day) =>
    `${cap(noun)} ha cambiado unos ${rate} en los últimos ${days} días (${n} lecturas). Si sigue así, estará en ` +
    `unos ${value} el ${day}. Las tendencias rara vez se mantienen rectas mucho tiempo: tómalo como una orientación.`,
  bodyEvidence: (days, n, low, high) =>
    `Una recta ajustada a tus últimos ${days} días (${n} lecturas): ` +
    (low === high
      ? `una lectura ese día sería muy probablemente (95 %) de unos ${low}.`
      : `una lectura ese día estaría muy probablemente (95 %) entre ${low} y ${high}.`),
  goalStalledTitle: (goal, target) => `${goal}: sin avanzar hacia ${target} al ritmo actual`,
  goalStalledDescription: (n, noun, rate, target, deadline) =>
    `En las últimas ${n} lecturas, ${noun} cambió ${rate}, lo que no lo acerca claramente a ${target}` +
    `${deadline ? ` para el ${deadline}` : ''}.`,
  goalWhenTitle: (goal, target, date) => `${goal}: ${target} hacia el ${date}`,
  goalWhenDescription: (rate, n, target, date, between, deadline, onTrack) =>
    `Al ritmo actual (${rate} en las últimas ${n} lecturas) llegarás a ${target} hacia el ${date}` +
    (between === 'wide'
      ? ' (el margen es amplio: el ritmo aún es incierto)'
      : between
        ? ` (entre el ${between.low} y el ${between.high})`
        : '') +
    (deadline
      ? onTrack
        ? `, antes de tu fecha límite del ${deadline}.`
        : `, después de tu fecha límite del ${deadline}.`
      : '.'),
  offTrackAdvice:
    'Piensa si la fecha límite o el objetivo te siguen conviniendo, o qué podrías cambiar para acelerar el ritmo.',
  target: 'Objetivo',

  periods: (count, daily) =>
    `${count} ${daily ? (count === 1 ? 'día' : 'días') : count === 1 ? 'semana' : 'semanas'}`,
  goalSide: (atLeast) => (atLeast ? 'en o por encima de' : 'en o por debajo de'),
  periodicTitle: (met, periods, side, target, streak) =>
    `${met} de los últimos ${periods} ${side} ${target}; racha de ${streak}`,
  periodicNone: (noun, daily) => `${cap(noun)}: nada aún ${daily ? 'hoy' : 'esta semana'}.`,
  periodicNow: (daily, value, percent, met) =>
    `${daily ? 'Hoy' : 'Esta semana'} hasta ahora: ${value} (${percent} % del camino` +
    `${met === 'met' ? ', cumplido' : met === 'for now' ? ', dentro de tu objetivo por ahora' : ''}).`,
  bestStreak: (streak) => `Tu mejor racha es de ${streak}.`,
  reachedTitle: (goal, current) => `${goal}: conseguido (${current})`,
  reachedDescription: (noun, current, side, target) =>
    `Tu última lectura de ${noun}, ${current}, está ${side} tu objetivo de ${target}.`,
  wayTitle: (goal, percent) => `${goal}: ${percent} % del camino`,
  wayDescription: (noun, current, percent, from, target, deadline) =>
    `Tu última lectura de ${noun} es ${current}, el ${percent} % del camino${from ? ` desde ${from}` : ''} ` +
    `hasta ${target}${deadline ? ` para el ${deadline}` : ''}.`,
  outlook: (outlook) =>
    outlook === 'on track'
      ? ' Al ritmo actual vas bien encaminado.'
      : outlook === 'miss'
        ? ' Al ritmo actual no llegarás a la fecha límite.'
        : ' Al ritmo actual no avanzas hacia el objetivo.',

  sleepTitle: (average, nights) => `Sueño medio de ${average} en las últimas ${nights} noches`,
  sleepDescription: (average, days, nights) =>
    `Dormiste ${average} por noche de media en los últimos ${days} días (${nights} noches registradas). Se aconseja a ` +
    `los adultos dormir al menos 7 horas por noche de forma regular (American Academy of Sleep Medicine y Sleep ` +
    `Research Society, 2015).`,
  sleepAdvice: [
    'Plantéate una hora regular para acostarte que deje sitio a al menos 7 horas de sueño.',
    'Un dormitorio oscuro, fresco y silencioso, y nada de cafeína a última hora, suelen ayudar.',
    'Habla con tu médico si duermes mal a pesar de pasar suficiente tiempo en la cama, o si roncas fuerte o tienes sueño durante el día.',
  ],
  sleepBand: 'Al menos 7 h',
  stepsTitle: (average, days) => `Media de ${average} pasos al día en los últimos ${days} días`,
  stepsDescription: (average, days) =>
    `Hiciste de media ${average} al día en ${days} días con datos. Menos de 5000 al día se suele considerar un nivel ` +
    `sedentario (Tudor-Locke et al., 2013), y en grandes estudios más pasos diarios se asociaron a menor mortalidad ` +
    `hasta unos 6000–10 000 al día (Paluch et al., Lancet Public Health 2022).`,
  stepsAdvice: [
    'Plantéate añadir paseos cortos a lo largo del día, por ejemplo 10 minutos después de las comidas, y aumentar poco a poco.',
    'Si un problema de salud limita tu capacidad de caminar, habla con tu médico sobre la cantidad adecuada para ti.',
  ],
  stepsBand: '5000 pasos',
  exerciseTitle: (weekly) => `Unos ${weekly} minutos de ejercicio a la semana en las últimas 4 semanas`,
  exerciseDescription: (days, weekly) =>
    `En los últimos 28 días (${days} con datos) registraste unos ${weekly} minutos de ejercicio a la semana. La OMS ` +
    `aconseja a los adultos 150–300 minutos de actividad moderada a la semana, o 75–150 de actividad intensa ` +
    `(directrices de la OMS sobre actividad física, 2020).`,
  exerciseAdvice: [
    'Plantéate llegar poco a poco a 150 minutos a la semana, por ejemplo 30 minutos de caminata rápida cinco días.',
    'Si tienes una enfermedad cardiaca u otro problema de salud, habla con tu médico antes de empezar algo exigente.',
  ],
  pressureTitle: (sys, dia) => `Presión arterial media de ${sys}/${dia} mmHg`,
  pressureDescription: (days, from, sys, dia, stage2) =>
    `Tus mediciones de presión arterial de los últimos ${days} días (desde el ${from}) dan una media de ${sys}/${dia} ` +
    `mmHg. La guía ACC/AHA de 2017 considera presión arterial alta una media en casa de 130/80 o más` +
    `${stage2 ? ', y de estadio 2 una de 140/90 o más' : ''}.`,
  pressureAdvice: [
    'Habla con tu médico sobre estas mediciones; suelen pedir una o dos semanas de mediciones en casa.',
    'Mide sentado tras 5 minutos de reposo, con el brazo apoyado a la altura del corazón, dos mediciones con un minuto de diferencia.',
    'Menos sal, actividad regular, menos alcohol y un peso saludable tienden a bajar la presión arterial.',
  ],
  below: (value) => `Menos de ${value}`,
  labsTitle: (count) =>
    `Habla con tu médico sobre ${count === 1 ? 'un resultado de laboratorio' : `${count} resultados de laboratorio`} fuera del rango de referencia`,
  labsDescription: (names, count, from, to) =>
    `${count === 1 ? 'Tu último resultado' : 'Tus últimos resultados'} de ${names} ${count === 1 ? 'está' : 'están'} ` +
    `fuera del rango de referencia (análisis del ${from}${to ? ` al ${to}` : ''}). Un resultado fuera del rango no es ` +
    `un diagnóstico; tu médico puede decirte qué significa para ti.`,
  labsAdviceCritical:
    'Contacta pronto con tu médico: al menos un resultado está muy fuera de su rango o se marcó como crítico.',
  labsAdviceFollowUp:
    'Lleva estos resultados a tu próxima cita, o pregunta a tu médico si necesitan seguimiento.',
  labsAdviceGroups: {
    cholesterol:
      'Tu médico puede valorar tu colesterol frente a tu riesgo cardiovascular global; la dieta, la actividad y el peso influyen en él (AHA/ACC 2018).',
    glucose:
      'Pregunta a tu médico si toca repetir la prueba o un cribado de diabetes; la actividad y la dieta influyen en el azúcar en sangre (ADA Standards of Care).',
    kidney:
      'Los resultados renales suelen necesitar una repetición para confirmarse; tu médico puede decirte si toca (KDIGO).',
  },
  restingTitle: 'Frecuencia cardiaca en reposo al alza: plantéate más recuperación',
  restingDescription: (amount, days) =>
    `Tu frecuencia cardiaca en reposo subió unos ${amount} en los últimos ${days} días. Una subida suele seguir a ` +
    `noches cortas, estrés, alcohol, una enfermedad que empieza o un bloque de entrenamiento duro.`,

  scorePart: {
    sleep_duration: 'Duración del sueño',
    sleep_regularity: 'Regularidad del sueño',
    activity_minutes: 'Minutos activos',
    steps: 'Pasos',
    resting_heart_rate: 'Frecuencia cardiaca en reposo',
    heart_rate_variability: 'Variabilidad de la frecuencia cardiaca',
    lab_flags: 'Resultados de laboratorio',
  },
  scoreTooFew: (what, n, need, span) =>
    `Faltan datos: ${n} ${
      what === 'nights'
        ? 'noches de sueño'
        : what === 'exercise'
          ? 'días con minutos de ejercicio'
          : what === 'steps'
            ? 'días con pasos'
            : 'días'
    } en ${span === 'recent' ? 'los últimos 14 días' : span === 'week' ? 'los últimos 7 días' : 'la referencia (los 83 días anteriores)'}; se necesitan al menos ${need}`,
  scoreSleep: (hours, nights) => `${hours} h por noche de media en ${nights} noches`,
  scoreRegularity: (sd, nights) =>
    `El sueño varió ${sd} h de una noche a otra (desviación estándar) en ${nights} noches`,
  scoreActivity: (weekly, days, who) =>
    `${weekly} minutos de ejercicio a la semana en ${days} días (OMS: ${who})`,
  scoreSteps: (perDay, days, target) => `${perDay} pasos al día en ${days} días (objetivo ${target})`,
  scoreBaseline: (recent, unit, days, baseline, baseDays) =>
    `${recent} ${unit} en los últimos ${days} días frente a tu referencia de ${baseline} ${unit} (mediana de ${baseDays} días)`,
  scoreLabsFine: (n) =>
    `Los ${n} resultados de laboratorio más recientes del último año están dentro de su rango`,
  scoreLabsFlagged: (flagged, total, names) =>
    `${flagged} de ${total} resultados de laboratorio recientes fuera de su rango: ${names}`,
  scoreLow: ' (bajo)',
  scoreNoLabs: 'Sin resultados de laboratorio en el último año',
  scoreReason: (weight, total, need) =>
    `Faltan datos recientes: las partes con datos suman ${weight} de ${total} puntos de peso; se necesitan al menos ${need}`,
};

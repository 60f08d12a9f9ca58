/**
 * The engine's sentences in German (informal "du", as the web app). Typed by English (en.ts).
 *
 * Over 300 lines: a catalogue of data, one entry for each of en.ts's sentences.
 */
import type { Phrases } from './en';

export const de: Phrases = {
  trendTitle: (label, up, amount, days) => `${label}: ${up ? 'plus' : 'minus'} ${amount} in ${days} Tagen`,
  trendDescription: (noun, up, amount, from, to, start, end) =>
    `${noun}: zwischen ${from} und ${to} um etwa ${amount} ${up ? 'gestiegen' : 'gesunken'}, von etwa ${start} auf ${end}.`,
  trendMeaning: (healthy) =>
    healthy === undefined
      ? 'Eine stetige Veränderung, nicht nur ein paar ungewöhnliche Tage.'
      : healthy
        ? 'Eine stetige Veränderung in eine gesunde Richtung.'
        : 'Eine stetige Veränderung, die du im Blick behalten solltest, nicht nur ein paar ungewöhnliche Tage.',
  trendEvidence: (rate, low, high, p, days) =>
    `Eine gleichmäßige Rate von ${rate} (95-%-Intervall ${low} bis ${high}) (Theil–Sen), Mann–Kendall ${p}, über ${days} Tage mit Daten.`,
  perDay: (rate) => `${rate} pro Tag`,
  perWeek: (rate) => `${rate} pro Woche`,
  trendAdvice: {
    resting_heart_rate: [
      'Schlechter Schlaf, Krankheit, Stress, Alkohol oder hartes Training können die Ruheherzfrequenz eine Zeit lang erhöhen; gönn dir ein paar leichtere Tage mit gutem Schlaf und genug Flüssigkeit.',
      'Sprich mit deiner Ärztin oder deinem Arzt, wenn sie weiter steigt oder mit Beschwerden wie Brustschmerzen, Atemnot oder Schwindel einhergeht.',
    ],
    heart_rate_variability: [
      'Eine niedrigere Herzfrequenzvariabilität folgt oft auf kurzen Schlaf, Krankheit, Stress oder hartes Training; plane mehr Erholung ein.',
      'Sprich mit deiner Ärztin oder deinem Arzt, wenn sie niedrig bleibt und du dich unwohl fühlst.',
    ],
    sleep_duration: [
      'Erwachsenen wird empfohlen, mindestens 7 Stunden pro Nacht zu schlafen (AASM/SRS); versuche eine feste Schlafenszeit und einen Ausklang ohne Bildschirm.',
    ],
    steps: [
      'Versuche kurze Spaziergänge über den Tag verteilt, etwa nach den Mahlzeiten, um deine Schritte wieder zu steigern.',
    ],
    exercise_minutes: [
      'Plane dein Training fest in die Woche ein; Erwachsenen werden 150–300 Minuten moderate Aktivität pro Woche empfohlen (WHO 2020).',
    ],
    blood_pressure_systolic: [
      'Sprich mit deiner Ärztin oder deinem Arzt über deine Blutdruckwerte, wenn sie weiter steigen.',
    ],
    blood_pressure_diastolic: [
      'Sprich mit deiner Ärztin oder deinem Arzt über deine Blutdruckwerte, wenn sie weiter steigen.',
    ],
    oxygen_saturation: [
      'Sprich mit deiner Ärztin oder deinem Arzt, wenn deine Sauerstoffsättigung weiter sinkt, und such sofort Hilfe, wenn du kurzatmig bist.',
    ],
    blood_glucose: ['Sprich mit deiner Ärztin oder deinem Arzt über deine steigenden Glukosewerte.'],
    vo2_max: ['Regelmäßiges Ausdauertraining ist der übliche Weg, die Fitness wieder aufzubauen.'],
    stress_level: [
      'Versuche regelmäßige Pausen, Zeit im Freien oder eine kurze Atemübung, wenn sich Stress aufbaut.',
    ],
  },
  trendAdviceOther: [
    'Behalte das im Blick; sprich mit deiner Ärztin oder deinem Arzt, wenn es anhält oder dich beunruhigt.',
  ],

  anomalyTitle: (label, high, day, value) =>
    `${label} am ${day} ungewöhnlich ${high ? 'hoch' : 'niedrig'}: ${value}`,
  anomalyDescription: (label, day, value, usual, baselineDays, from, to, high, bound, others) =>
    `${label} am ${day}: ${value}. Üblich sind bei dir etwa ${usual} (der mittlere Wert deiner ${baselineDays} Tage ` +
    `vom ${from} bis ${to}), und deine Tage liegen selten ${high ? 'über' : 'unter'} ${bound}.` +
    (others.length > 0 ? ` Ebenfalls ungewöhnlich am ${others.join(', ')}.` : ''),
  anomalyAdviceHighRestingHeartRate: [
    'Eine hohe Ruheherzfrequenz folgt oft auf eine kurze Nacht, Alkohol, eine beginnende Krankheit oder ein hartes Training; beobachte, ob sie sich in den nächsten Tagen normalisiert.',
    'Sprich mit deiner Ärztin oder deinem Arzt, wenn sie hoch bleibt oder mit Beschwerden wie Brustschmerzen, Atemnot oder Schwindel einhergeht.',
  ],
  anomalyAdviceLowOxygen: [
    'Prüfe die Messung (ein kalter Finger oder ein lockerer Sensor können zu niedrig messen); such sofort Hilfe, wenn du kurzatmig bist.',
  ],
  anomalyAdviceOther: [
    'Prüfe, ob die Messung stimmt (ein lockeres Gerät, ein Tippfehler bei einer Eingabe), und beobachte, ob es wieder vorkommt.',
  ],
  usualRange: 'Dein üblicher Bereich',

  labRange: (low, high, highExclusive, unit) => {
    const suffix = unit ? ` ${unit}` : '';
    if (low !== undefined && high !== undefined) return `${low}–${high}${suffix}`;
    if (high !== undefined) return `${highExclusive ? 'unter' : 'bis'} ${high}${suffix}`;
    if (low !== undefined) return `${low}${suffix} oder mehr`;
    return 'nicht angegeben';
  },
  labWhere: (direction) =>
    direction === 'abnormal'
      ? 'als auffällig markiert'
      : `${direction === 'high' ? 'über' : 'unter'} dem Referenzbereich`,
  labRangeSentence: (range, labOwn, source) =>
    ` Der Referenzbereich ist ${range} (${labOwn ? 'der des Labors' : source}).`,
  labTitle: (label, where, value, critical) =>
    critical ? `${label} vom Labor als kritisch markiert: ${value}` : `${label} ${where}: ${value}`,
  labDescription: (name, value, day, where, critical, range) =>
    `Dein ${name}-Ergebnis von ${value} vom ${day} liegt ${where}` +
    (critical ? ', und das Labor hat es als kritisch markiert.' : '.') +
    range,
  labAdviceCritical: (name) => [
    `Wende dich wegen dieses ${name}-Ergebnisses zeitnah an deine Ärztin oder deinen Arzt, oder früher, wenn du dich unwohl fühlst.`,
    'Ein Ergebnis ist keine Diagnose; deine Ärztin oder dein Arzt kann sagen, was es für dich bedeutet und ob der Test wiederholt werden sollte.',
  ],
  labAdvice: (name) => [
    `Sprich beim nächsten Kontakt mit deiner Ärztin oder deinem Arzt über dieses ${name}-Ergebnis.`,
    'Ein Ergebnis außerhalb des Bereichs ist keine Diagnose; Bereiche unterscheiden sich zwischen Laboren, und oft ist ein Wiederholungstest der nächste Schritt.',
  ],
  referenceRange: 'Referenzbereich',

  cgmTarget: 'Zielbereich 70–180 mg/dL',
  cgmLowTitle: (below) => `Glukose ${below} der Zeit unter 70 mg/dL`,
  cgmLowDescription: (below, readings, veryLow) =>
    `In den letzten 14 Tagen lagen ${below} deiner ${readings} CGM-Messwerte unter 70 mg/dL und ${veryLow} unter ` +
    `54 mg/dL. Das Ziel des internationalen Konsenses ist unter 4 % unter 70 und unter 1 % unter 54 (Battelino et al., 2019).`,
  cgmLowAdvice: [
    'Sprich bald mit deinem Diabetes-Team über diese Unterzuckerungen; deine Behandlung muss vielleicht angepasst werden.',
    'Halte schnell wirkende Glukose bereit und hol sofort Hilfe bei einer Unterzuckerung, die du nicht selbst behandeln kannst.',
  ],
  cgmRangeTitle: (inRange) => `Glukose ${inRange} der Zeit im Zielbereich`,
  cgmRangeDescription: (inRange, above, below, mean, gmi) =>
    `In den letzten 14 Tagen lagen ${inRange} deiner CGM-Messwerte bei 70–180 mg/dL (${above} darüber, ${below} ` +
    `darunter); das Konsensziel für die meisten Erwachsenen mit Diabetes ist über 70 % (Battelino et al., 2019). ` +
    `Mittlere Glukose ${mean} mg/dL, GMI ${gmi} %.`,
  cgmRangeAdvice: [
    'Geh deine Glukosemuster mit deinem Diabetes-Team durch; Mahlzeiten, Bewegung und der Zeitpunkt der Medikamente erklären sie oft.',
  ],

  correlationTitle: (a, b, aUp, bUp, when) =>
    `${a}: ${aUp}, ${b}: ${bUp} ${when === 'morning' ? 'am Morgen danach' : when === 'next' ? 'am nächsten Tag' : 'am selben Tag'}`,
  comparative: (kind, up) =>
    kind === 'change'
      ? up
        ? 'steigt'
        : 'sinkt'
      : kind === 'amount'
        ? up
          ? 'mehr'
          : 'weniger'
        : up
          ? 'höher'
          : 'niedriger',
  weightChange: 'Gewichtsänderung',
  plainCorrelation: (a, b, aIsAmount, lag, bUp, weightUp, sleepFirst) => {
    if (sleepFirst)
      return `Nach Nächten mit mehr Schlaf als üblich war ${b} am nächsten Morgen meist ${bUp}.`;
    const cause = `${aIsAmount ? 'mehr' : 'höherem Wert bei'} ${a} als üblich`;
    const when = lag === 1 ? 'am nächsten Tag' : 'am selben Tag';
    const effect =
      weightUp !== undefined
        ? `ging dein Gewicht ${when} meist ${weightUp ? 'nach oben' : 'nach unten'}`
        : `war ${b} ${when} meist ${bUp}`;
    return `${lag === 1 ? 'Nach' : 'An'} Tagen mit ${cause} ${effect}.`;
  },
  higher: (duration, up) => (duration ? (up ? 'länger' : 'kürzer') : up ? 'höher' : 'niedriger'),
  genericMeaning:
    'Die beiden gehen in deinen Daten oft zusammen; das ist beobachtenswert, beweist aber nicht, dass das eine das andere verursacht.',
  associationOnly:
    'Das ist ein Zusammenhang in deinen eigenen Daten, kein Beweis, dass das eine das andere verursacht.',
  correlationEvidence: (days, n, from, r, low, high, p, tests) =>
    `In den letzten ${days} Tagen (${n} Tage mit beiden, ab ${from}): Spearman r = ${r} (95-%-Intervall ${low} bis ` +
    `${high}), ${p}, signifikant nach Korrektur für die ${tests} geprüften Paare. Langsame Verläufe über Wochen werden ` +
    `vorher herausgerechnet.`,
  pairs: {
    'exercise_minutes:sleep_duration': {
      meaning: {
        negative: 'Hartes oder spätes Training kostet dich vielleicht Schlaf.',
        positive: 'Bewegung hilft dir vielleicht, länger zu schlafen.',
      },
      advice: {
        negative:
          'Versuche, harte Einheiten ein paar Stunden vor dem Schlafengehen zu beenden, und beobachte zwei Wochen lang, ob sich dein Schlaf ändert.',
      },
    },
    'steps:sleep_duration': {
      meaning: {
        positive: 'Aktive Tage helfen dir vielleicht, länger zu schlafen.',
        negative: 'Volle Tage kosten dich vielleicht Schlaf.',
      },
    },
    'active_calories_burned:sleep_duration': {
      meaning: {
        negative: 'Intensive Tage kosten dich vielleicht Schlaf.',
        positive: 'Aktive Tage helfen dir vielleicht, länger zu schlafen.',
      },
      advice: {
        negative:
          'Versuche, intensive Aktivität früher am Tag zu machen, und beobachte zwei Wochen lang, ob sich dein Schlaf ändert.',
      },
    },
    'sleep_duration:resting_heart_rate': {
      meaning: { negative: 'Dein Herz scheint sich nach einer längeren Nacht besser zu erholen.' },
      advice: { negative: 'Eine feste Schlafenszeit, die Raum für eine volle Nacht lässt, kann helfen.' },
    },
    'sleep_duration:heart_rate_variability': {
      meaning: { positive: 'Dein Körper scheint sich nach einer längeren Nacht besser zu erholen.' },
      advice: { positive: 'Eine feste Schlafenszeit, die Raum für eine volle Nacht lässt, kann helfen.' },
    },
    'stress_level:sleep_duration': {
      meaning: { negative: 'Stressige Tage kosten dich vielleicht Schlaf.' },
      advice: {
        negative:
          'Versuche an stressigen Tagen ein Ritual zum Abschalten, etwa einen kurzen Spaziergang oder eine Atemübung.',
      },
    },
    'exercise_minutes:resting_heart_rate': {
      meaning: {
        negative: 'Training scheint deiner Ruheherzfrequenz gutzutun.',
        positive: 'Harte Tage lassen dein Herz eine Weile mehr arbeiten; das geht meist vorbei.',
      },
    },
    'mindful_minutes:stress_level': {
      meaning: { negative: 'Achtsamkeit scheint dir zu helfen, dich weniger gestresst zu fühlen.' },
    },
    'nutrition_calories:weight_change': {
      meaning: { positive: 'Was du isst, zeigt sich offenbar am nächsten Tag auf der Waage.' },
    },
  },

  bodyTitle: (label, value, day) => `${label}: auf dem Weg zu etwa ${value} bis ${day}`,
  bodyDescription: (noun, rate, days, n, value, day) =>
    `${noun} hat sich in den letzten ${days} Tagen um etwa ${rate} verändert (${n} Messungen). Geht es so weiter, ` +
    `liegt der Wert am ${day} bei etwa ${value}. Trends bleiben selten lange gerade, nimm das als Anhaltspunkt.`,
  bodyEvidence: (days, n, low, high) =>
    `Eine Gerade, angepasst an deine letzten ${days} Tage (${n} Messungen): ` +
    (low === high
      ? `eine Messung an dem Tag läge höchstwahrscheinlich (95 %) bei etwa ${low}.`
      : `eine Messung an dem Tag läge höchstwahrscheinlich (95 %) zwischen ${low} und ${high}.`),
  goalStalledTitle: (goal, target) => `${goal}: beim aktuellen Tempo keine Bewegung in Richtung ${target}`,
  goalStalledDescription: (n, noun, rate, target, deadline) =>
    `Über die letzten ${n} Messungen hat sich ${noun} um ${rate} verändert, was sie nicht klar in Richtung ${target}` +
    `${deadline ? ` bis ${deadline}` : ''} bringt.`,
  goalWhenTitle: (goal, target, date) => `${goal}: ${target} um den ${date}`,
  goalWhenDescription: (rate, n, target, date, between, deadline, onTrack) =>
    `Beim aktuellen Tempo (${rate} über die letzten ${n} Messungen) erreichst du ${target} um den ${date}` +
    (between === 'wide'
      ? ' (die Spanne ist groß: das Tempo ist noch unsicher)'
      : between
        ? ` (zwischen ${between.low} und ${between.high})`
        : '') +
    (deadline
      ? onTrack
        ? `, vor deiner Frist am ${deadline}.`
        : `, nach deiner Frist am ${deadline}.`
      : '.'),
  offTrackAdvice:
    'Überleg, ob Frist oder Ziel noch zu dir passen, oder was du ändern könntest, um das Tempo zu erhöhen.',
  target: 'Ziel',

  periods: (count, daily) =>
    `${count} ${daily ? (count === 1 ? 'Tag' : 'Tagen') : count === 1 ? 'Woche' : 'Wochen'}`,
  goalSide: (atLeast) => (atLeast ? 'bei oder über' : 'bei oder unter'),
  periodicTitle: (met, periods, side, target, streak) =>
    `${met} der letzten ${periods} ${side} ${target}; Serie: ${streak}`,
  periodicNone: (noun, daily) => `${noun}: ${daily ? 'heute' : 'diese Woche'} noch nichts.`,
  periodicNow: (daily, value, percent, met) =>
    `${daily ? 'Heute' : 'Diese Woche'} bisher: ${value} (${percent} % des Wegs` +
    `${met === 'met' ? ', erreicht' : met === 'for now' ? ', vorerst im Zielbereich' : ''}).`,
  bestStreak: (streak) => `Deine beste Serie: ${streak}.`,
  reachedTitle: (goal, current) => `${goal}: erreicht (${current})`,
  reachedDescription: (noun, current, side, target) =>
    `Dein letzter Messwert für ${noun}, ${current}, liegt ${side} deinem Ziel von ${target}.`,
  wayTitle: (goal, percent) => `${goal}: ${percent} % des Wegs`,
  wayDescription: (noun, current, percent, from, target, deadline) =>
    `Dein letzter Messwert für ${noun} ist ${current}, ${percent} % des Wegs${from ? ` von ${from}` : ''} ` +
    `bis ${target}${deadline ? ` bis zum ${deadline}` : ''}.`,
  outlook: (outlook) =>
    outlook === 'on track'
      ? ' Beim aktuellen Tempo bist du auf Kurs.'
      : outlook === 'miss'
        ? ' Beim aktuellen Tempo verpasst du die Frist.'
        : ' Beim aktuellen Tempo kommst du dem Ziel nicht näher.',

  sleepTitle: (average, nights) => `Im Schnitt ${average} Schlaf in den letzten ${nights} Nächten`,
  sleepDescription: (average, days, nights) =>
    `Du hast in den letzten ${days} Tagen im Schnitt ${average} pro Nacht geschlafen (${nights} Nächte erfasst). ` +
    `Erwachsenen wird empfohlen, regelmäßig mindestens 7 Stunden pro Nacht zu schlafen (American Academy of Sleep ` +
    `Medicine und Sleep Research Society, 2015).`,
  sleepAdvice: [
    'Versuche eine feste Schlafenszeit, die Raum für mindestens 7 Stunden Schlaf lässt.',
    'Ein dunkles, kühles, ruhiges Schlafzimmer und kein Koffein am späten Tag helfen oft.',
    'Sprich mit deiner Ärztin oder deinem Arzt, wenn du trotz genug Zeit im Bett schlecht schläfst, laut schnarchst oder tagsüber müde bist.',
  ],
  sleepBand: 'Mindestens 7 h',
  stepsTitle: (average, days) => `Im Schnitt ${average} Schritte pro Tag in den letzten ${days} Tagen`,
  stepsDescription: (average, days) =>
    `Du hast an ${days} Tagen mit Daten im Schnitt ${average} pro Tag gemacht. Unter 5.000 pro Tag gilt meist als ` +
    `bewegungsarm (Tudor-Locke et al., 2013), und in großen Studien ging mehr tägliche Bewegung bis etwa ` +
    `6.000–10.000 Schritte pro Tag mit geringerer Sterblichkeit einher (Paluch et al., Lancet Public Health 2022).`,
  stepsAdvice: [
    'Versuche kurze Spaziergänge über den Tag, etwa 10 Minuten nach den Mahlzeiten, und steigere dich langsam.',
    'Wenn eine Erkrankung dein Gehen einschränkt, sprich mit deiner Ärztin oder deinem Arzt über das richtige Maß für dich.',
  ],
  stepsBand: '5.000 Schritte',
  exerciseTitle: (weekly) => `Etwa ${weekly} Minuten Training pro Woche in den letzten 4 Wochen`,
  exerciseDescription: (days, weekly) =>
    `In den letzten 28 Tagen (${days} mit Daten) hast du etwa ${weekly} Minuten Training pro Woche erfasst. Die WHO ` +
    `empfiehlt Erwachsenen 150–300 Minuten moderate Aktivität pro Woche oder 75–150 Minuten intensive Aktivität ` +
    `(WHO-Leitlinien zu körperlicher Aktivität, 2020).`,
  exerciseAdvice: [
    'Steigere dich auf 150 Minuten pro Woche, zum Beispiel 30 Minuten zügiges Gehen an fünf Tagen.',
    'Wenn du eine Herzerkrankung oder andere gesundheitliche Bedenken hast, sprich vor anstrengendem Training mit deiner Ärztin oder deinem Arzt.',
  ],
  pressureTitle: (sys, dia) => `Blutdruck im Schnitt ${sys}/${dia} mmHg`,
  pressureDescription: (days, from, sys, dia, stage2) =>
    `Deine Blutdruckwerte der letzten ${days} Tage (ab ${from}) liegen im Schnitt bei ${sys}/${dia} mmHg. Die ` +
    `ACC/AHA-Leitlinie von 2017 wertet Heimmittelwerte ab 130/80 als Bluthochdruck` +
    `${stage2 ? ', und ab 140/90 als Stadium 2' : ''}.`,
  pressureAdvice: [
    'Sprich mit deiner Ärztin oder deinem Arzt über diese Werte; meist werden ein bis zwei Wochen Heimmessungen gewünscht.',
    'Miss im Sitzen nach 5 Minuten Ruhe, den Arm auf Herzhöhe abgestützt, zwei Messungen im Abstand von einer Minute.',
    'Weniger Salz, regelmäßige Bewegung, weniger Alkohol und ein gesundes Gewicht senken den Blutdruck meist.',
  ],
  below: (value) => `Unter ${value}`,
  labsTitle: (count) =>
    `Sprich mit deiner Ärztin oder deinem Arzt über ${count === 1 ? 'einen Laborwert' : `${count} Laborwerte`} außerhalb des Referenzbereichs`,
  labsDescription: (names, count, from, to) =>
    `${count === 1 ? 'Dein letztes Ergebnis' : 'Deine letzten Ergebnisse'} für ${names} ${count === 1 ? 'liegt' : 'liegen'} ` +
    `außerhalb des Referenzbereichs (getestet ${from}${to ? ` bis ${to}` : ''}). Ein Ergebnis außerhalb des Bereichs ` +
    `ist keine Diagnose; deine Ärztin oder dein Arzt kann sagen, was es für dich bedeutet.`,
  labsAdviceCritical:
    'Wende dich zeitnah an deine Ärztin oder deinen Arzt: mindestens ein Ergebnis liegt weit außerhalb seines Bereichs oder wurde als kritisch markiert.',
  labsAdviceFollowUp:
    'Nimm diese Ergebnisse zu deinem nächsten Termin mit oder frag deine Ärztin oder deinen Arzt, ob sie kontrolliert werden sollten.',
  labsAdviceGroups: {
    cholesterol:
      'Deine Ärztin oder dein Arzt kann dein Cholesterin gegen dein gesamtes Herzrisiko abwägen; Ernährung, Bewegung und Gewicht beeinflussen es (AHA/ACC 2018).',
    glucose:
      'Frag deine Ärztin oder deinen Arzt, ob ein Wiederholungstest oder ein Diabetes-Screening fällig ist; Bewegung und Ernährung beeinflussen den Blutzucker (ADA Standards of Care).',
    kidney:
      'Nierenwerte brauchen oft einen Wiederholungstest zur Bestätigung; deine Ärztin oder dein Arzt kann sagen, ob einer fällig ist (KDIGO).',
  },
  restingTitle: 'Ruheherzfrequenz steigt: gönn dir mehr Erholung',
  restingDescription: (amount, days) =>
    `Deine Ruheherzfrequenz ist in den letzten ${days} Tagen um etwa ${amount} gestiegen. Ein Anstieg folgt oft auf ` +
    `kurzen Schlaf, Stress, Alkohol, eine beginnende Krankheit oder eine Phase harten Trainings.`,

  scorePart: {
    sleep_duration: 'Schlafdauer',
    sleep_regularity: 'Schlafregelmäßigkeit',
    activity_minutes: 'Aktive Minuten',
    steps: 'Schritte',
    resting_heart_rate: 'Ruheherzfrequenz',
    heart_rate_variability: 'Herzfrequenzvariabilität',
    lab_flags: 'Laborwerte',
  },
  scoreTooFew: (what, n, need, span) =>
    `Zu wenige Daten: ${n} ${
      what === 'nights'
        ? 'Nächte mit Schlaf'
        : what === 'exercise'
          ? 'Tage mit Trainingsminuten'
          : what === 'steps'
            ? 'Tage mit Schritten'
            : 'Tage'
    } in ${span === 'recent' ? 'den letzten 14 Tagen' : span === 'week' ? 'den letzten 7 Tagen' : 'der Basis (den 83 Tagen davor)'}, mindestens ${need} nötig`,
  scoreSleep: (hours, nights) => `Im Schnitt ${hours} h pro Nacht über ${nights} Nächte`,
  scoreRegularity: (sd, nights) =>
    `Der Schlaf schwankte um ${sd} h (Standardabweichung) über ${nights} Nächte`,
  scoreActivity: (weekly, days, who) =>
    `${weekly} Trainingsminuten pro Woche über ${days} Tage (WHO: ${who})`,
  scoreSteps: (perDay, days, target) => `${perDay} Schritte pro Tag über ${days} Tage (Ziel ${target})`,
  scoreBaseline: (recent, unit, days, baseline, baseDays) =>
    `${recent} ${unit} in den letzten ${days} Tagen gegenüber deiner Basis von ${baseline} ${unit} (Median aus ${baseDays} Tagen)`,
  scoreLabsFine: (n) => `Alle ${n} neuesten Laborwerte des letzten Jahres liegen in ihrem Bereich`,
  scoreLabsFlagged: (flagged, total, names) =>
    `${flagged} von ${total} neuesten Laborwerten außerhalb ihres Bereichs: ${names}`,
  scoreLow: ' (niedrig)',
  scoreNoLabs: 'Keine Laborwerte im letzten Jahr',
  scoreReason: (weight, total, need) =>
    `Zu wenige aktuelle Daten: die Teile mit Daten tragen ${weight} von ${total} Gewichtungspunkten, mindestens ${need} nötig`,
};

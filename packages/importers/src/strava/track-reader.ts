import { SaxesParser } from 'saxes';
import { MAX_XML_DEPTH, MAX_XML_TEXT, tooDeepMessage, tooLongMessage } from '../shared/xml-limits';
import { newTrackParts, seriesName, type TrackParts } from './track-parts';

/** One point of a track: a GPX trkpt or a TCX Trackpoint. */
export interface TrackPoint {
  time: number;
  heartRate?: number;
  /** TCX's running distance in metres. */
  distanceM?: number;
  lat?: number;
  lon?: number;
  /** Metres above sea level (GPX ele, TCX AltitudeMeters). */
  elevation?: number;
}

/** What a whole GPX or TCX file says about its activity, known once it has been read to the end. */
export interface TrackSummary {
  activity?: string;
  device?: string;
  /** TCX Activity/Id or the first Lap's StartTime. */
  declaredStart?: number;
  lapSeconds: number;
  lapMetres: number;
  lapCalories: number;
  laps: number;
}

/**
 * Reads GPX 1.1 (with Garmin's TrackPointExtension heart rate) and TCX with saxes, a chunk at a time,
 * handing each finished point to `onPoint`. Names are matched without their namespace prefix (gpxtpx:,
 * ns3: …). Entities are never defined or expanded: saxes knows only the five XML ones. Elements nested
 * deeper than 32 levels and a text or attribute above 1 MiB are refused (xml-limits.ts).
 */
export class TrackReader {
  readonly summary: TrackSummary = { lapSeconds: 0, lapMetres: 0, lapCalories: 0, laps: 0 };
  /** The series points carried besides time, position, distance and heart rate, and untimed points. */
  readonly parts: TrackParts = newTrackParts();
  private readonly parser = new SaxesParser({ position: true });
  private readonly path: string[] = [];
  private text = '';
  private point: Partial<TrackPoint> | undefined;

  constructor(private readonly onPoint: (point: TrackPoint) => void) {
    this.parser.on('opentag', (tag) => {
      const name = local(tag.name);
      this.path.push(name);
      if (this.path.length > MAX_XML_DEPTH) throw new Error(tooDeepMessage);
      for (const value of Object.values(tag.attributes)) {
        if (typeof value === 'string' && value.length > MAX_XML_TEXT)
          throw new Error(tooLongMessage('An attribute'));
      }
      this.text = '';
      const attr = (key: string) => {
        const v = tag.attributes[key];
        return typeof v === 'string' ? v : undefined;
      };
      if (name === 'gpx') this.summary.device = attr('creator');
      else if (name === 'trkpt') this.point = { lat: Number(attr('lat')), lon: Number(attr('lon')) };
      else if (name === 'Trackpoint') this.point = {};
      else if (name === 'Activity') this.summary.activity = attr('Sport');
      else if (name === 'Lap') {
        this.summary.laps += 1;
        const lapStart = Date.parse(attr('StartTime') ?? '');
        if (!Number.isNaN(lapStart) && this.summary.declaredStart === undefined)
          this.summary.declaredStart = lapStart;
      }
    });
    this.parser.on('text', (t) => this.addText(t));
    this.parser.on('cdata', (t) => this.addText(t));
    this.parser.on('closetag', () => this.close());
  }

  /** Line the parser has reached, for errors. */
  get line(): number {
    return this.parser.line;
  }

  write(chunk: string): void {
    this.parser.write(chunk);
  }

  end(): void {
    this.parser.close();
  }

  private addText(t: string): void {
    this.text += t;
    if (this.text.length > MAX_XML_TEXT) throw new Error(tooLongMessage('A text'));
  }

  private close(): void {
    const name = this.path.pop() ?? '';
    const parent = this.path.at(-1);
    const text = this.text.trim();
    this.text = '';
    const value = Number(text);
    if (this.point) {
      if (name === 'time' || name === 'Time') this.point.time = Date.parse(text);
      else if ((name === 'hr' || name === 'Value') && (name === 'hr' || parent === 'HeartRateBpm')) {
        if (value > 0) this.point.heartRate = value;
      } else if (name === 'DistanceMeters' && parent === 'Trackpoint') this.point.distanceM = value;
      else if (name === 'LatitudeDegrees') this.point.lat = value;
      else if (name === 'LongitudeDegrees') this.point.lon = value;
      else if ((name === 'ele' || name === 'AltitudeMeters') && text !== '' && Number.isFinite(value)) {
        this.point.elevation = value;
        this.parts.series.add(seriesName(name));
      } else if (name === 'trkpt' || name === 'Trackpoint') {
        const point = this.point;
        this.point = undefined;
        if (point.time !== undefined && !Number.isNaN(point.time)) this.onPoint(point as TrackPoint);
        else this.parts.untimed += 1;
      } else if (text !== '' && name !== 'SensorState') this.parts.series.add(seriesName(name));
      return;
    }
    if (parent === 'Lap') {
      if (name === 'TotalTimeSeconds' && value > 0) this.summary.lapSeconds += value;
      else if (name === 'DistanceMeters' && value > 0) this.summary.lapMetres += value;
      else if (name === 'Calories' && value > 0) this.summary.lapCalories += value;
    } else if (name === 'Id' && parent === 'Activity') {
      const id = Date.parse(text);
      if (!Number.isNaN(id)) this.summary.declaredStart = id;
    } else if (name === 'type' && parent === 'trk' && text) this.summary.activity = text;
    else if (name === 'Name' && parent === 'Creator' && text) this.summary.device = text;
  }
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

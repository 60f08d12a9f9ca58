import type { ReportBlock } from '@healthfolio/core';
import { currentLocale } from '../../i18n';

type Block<T extends ReportBlock['type']> = Extract<ReportBlock, { type: T }>;

const W = 640;
const H = 160;
const PAD = 36;

const fmt = (v: number) => {
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  return v.toLocaleString(currentLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

/** A line over dates with an optional band (a reference range), drawn as SVG: it prints sharp. */
export function LineChart({ block }: { block: Block<'line'> }) {
  const xs = block.points.map((p) => Date.parse(p.x));
  const ys = block.points.map((p) => p.y);
  const bands = [block.band?.low, block.band?.high].filter((v): v is number => typeof v === 'number');
  let lo = Math.min(...ys, ...bands);
  let hi = Math.max(...ys, ...bands);
  const pad = (hi - lo) * 0.1 || Math.abs(hi) * 0.1 || 1;
  lo -= pad;
  hi += pad;
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const x = (t: number) => PAD + (x1 === x0 ? (W - PAD) / 2 : ((t - x0) / (x1 - x0)) * (W - PAD - 4));
  const y = (v: number) => 4 + (1 - (v - lo) / (hi - lo)) * (H - 24);
  const d = block.points
    .map((p, i) => `${i ? 'L' : 'M'}${x(xs[i]!).toFixed(1)},${y(p.y).toFixed(1)}`)
    .join('');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={block.caption}>
      {block.band && (
        <rect
          x={PAD}
          width={W - PAD - 4}
          y={y(block.band.high ?? hi)}
          height={y(block.band.low ?? lo) - y(block.band.high ?? hi)}
          fill="#d5f0dc"
        />
      )}
      <rect x={PAD} y={4} width={W - PAD - 4} height={H - 24} fill="none" stroke="#cbd2d9" />
      {[lo, (lo + hi) / 2, hi].map((v) => (
        <text key={v} x={PAD - 4} y={y(v) + 3} fontSize="9" textAnchor="end" fill="#616e7c">
          {fmt(v)}
        </text>
      ))}
      <path d={d} fill="none" stroke="#1565c0" strokeWidth={1.5} />
      {block.points.length <= 60 &&
        block.points.map((p, i) => (
          <circle key={p.x + i} cx={x(xs[i]!)} cy={y(p.y)} r={2.2} fill="#1565c0" />
        ))}
      <text x={PAD} y={H - 6} fontSize="9" fill="#616e7c">
        {block.points[0]?.x}
      </text>
      <text x={W - 4} y={H - 6} fontSize="9" textAnchor="end" fill="#616e7c">
        {block.points[block.points.length - 1]?.x}
      </text>
    </svg>
  );
}

/** The AGP: 5–95th and 25–75th percentile bands and the median through the day. */
export function AgpChart({ block }: { block: Block<'agp'> }) {
  const height = 200;
  const hi =
    Math.max(
      block.target.high * 1.6,
      ...block.bins.flatMap((b) => (typeof b[4] === 'number' ? [b[4]] : [])),
    ) * 1.05;
  const x = (i: number) => PAD + ((i + 0.5) / block.bins.length) * (W - PAD - 4);
  const y = (v: number) => 4 + (1 - v / hi) * (height - 24);
  const runs: number[][] = [];
  block.bins.forEach((b, i) => {
    if (b[2] === null) return;
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] === i - 1) last.push(i);
    else runs.push([i]);
  });
  const band = (run: number[], low: number, high: number) =>
    [
      ...run.map((i, n) => `${n ? 'L' : 'M'}${x(i).toFixed(1)},${y(block.bins[i]![high]!).toFixed(1)}`),
      ...[...run].reverse().map((i) => `L${x(i).toFixed(1)},${y(block.bins[i]![low]!).toFixed(1)}`),
      'Z',
    ].join('');
  return (
    <svg viewBox={`0 0 ${W} ${height}`} width="100%" role="img" aria-label={block.caption}>
      <rect
        x={PAD}
        width={W - PAD - 4}
        y={y(block.target.high)}
        height={y(block.target.low) - y(block.target.high)}
        fill="#eaf7ee"
      />
      <rect x={PAD} y={4} width={W - PAD - 4} height={height - 24} fill="none" stroke="#cbd2d9" />
      {[block.target.low, block.target.high].map((v) => (
        <g key={v}>
          <line x1={PAD} x2={W - 4} y1={y(v)} y2={y(v)} stroke="#27ae60" />
          <text x={PAD - 4} y={y(v) + 3} fontSize="9" textAnchor="end" fill="#616e7c">
            {fmt(v)}
          </text>
        </g>
      ))}
      {runs.map((run) => (
        <g key={run[0]}>
          <path d={band(run, 0, 4)} fill="#c6dbef" />
          <path d={band(run, 1, 3)} fill="#6baed6" />
          <path
            d={run
              .map((i, n) => `${n ? 'L' : 'M'}${x(i).toFixed(1)},${y(block.bins[i]![2]!).toFixed(1)}`)
              .join('')}
            fill="none"
            stroke="#08306b"
            strokeWidth={2}
          />
        </g>
      ))}
      {[0, 6, 12, 18, 24].map((h) => (
        <text
          key={h}
          x={PAD + (h / 24) * (W - PAD - 4)}
          y={height - 6}
          fontSize="9"
          textAnchor="middle"
          fill="#616e7c"
        >
          {`${String(h).padStart(2, '0')}:00`}
        </text>
      ))}
    </svg>
  );
}

/** Time in ranges as one stacked bar with its labels. */
export function RangesChart({ block }: { block: Block<'ranges'> }) {
  const height = 150;
  // Each segment starts where the ones above it end.
  const tops = block.segments.map((_, i) =>
    block.segments.slice(0, i).reduce((sum, s) => sum + s.share * height, 4),
  );
  return (
    <svg viewBox={`0 0 ${W} ${height + 8}`} width="100%" role="img" aria-label={block.caption}>
      {block.segments.map((s, i) => (
        <rect key={s.label} x={20} y={tops[i]} width={50} height={s.share * height} fill={s.color} />
      ))}
      {block.segments.map((s, i) => (
        <g key={`l${s.label}`}>
          <rect x={90} y={10 + i * 28} width={10} height={10} fill={s.color} />
          <text x={108} y={19 + i * 28} fontSize="12" fill="#1f2933">
            {`${s.label}: ${(s.share * 100).toLocaleString(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** Each day's hourly means, seven small charts to a row. */
export function DailyChart({ block }: { block: Block<'daily'> }) {
  const w = 88;
  const h = 56;
  const hi = Math.max(
    block.target.high * 1.8,
    ...block.days.flatMap((d) => d.hourly.filter((v): v is number => v !== null)),
  );
  const rows = Math.ceil(block.days.length / 7);
  return (
    <svg viewBox={`0 0 ${7 * (w + 4)} ${rows * (h + 18)}`} width="100%" role="img" aria-label={block.caption}>
      {block.days.map((d, n) => {
        const ox = (n % 7) * (w + 4);
        const oy = Math.floor(n / 7) * (h + 18) + 12;
        const y = (v: number) => oy + (1 - v / hi) * h;
        const path = d.hourly
          .map((v, hour) =>
            v === null
              ? null
              : `${hour === 0 || d.hourly[hour - 1] === null ? 'M' : 'L'}${(ox + ((hour + 0.5) / 24) * w).toFixed(1)},${y(v).toFixed(1)}`,
          )
          .filter(Boolean)
          .join('');
        return (
          <g key={d.day}>
            <text x={ox} y={oy - 3} fontSize="8" fill="#616e7c">
              {d.day}
            </text>
            <rect
              x={ox}
              y={y(block.target.high)}
              width={w}
              height={y(block.target.low) - y(block.target.high)}
              fill="#eaf7ee"
            />
            <rect x={ox} y={oy} width={w} height={h} fill="none" stroke="#cbd2d9" />
            <path d={path} fill="none" stroke="#08306b" strokeWidth={1} />
          </g>
        );
      })}
    </svg>
  );
}

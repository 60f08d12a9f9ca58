import type uPlot from 'uplot';
import type { Band } from './reference-band';

/** Shades the reference interval behind the series; an open bound runs to the plot's edge. */
export function referenceBandPlugin(band: Band, fill: string): uPlot.Plugin {
  return {
    hooks: {
      drawAxes: (u) => {
        const { left, width, top, height } = u.bbox;
        const y = (v: number | undefined, edge: number) =>
          v === undefined ? edge : u.valToPos(v, 'y', true);
        const yHigh = Math.max(top, Math.min(top + height, y(band.high, top)));
        const yLow = Math.max(top, Math.min(top + height, y(band.low, top + height)));
        u.ctx.save();
        u.ctx.fillStyle = fill;
        u.ctx.fillRect(left, yHigh, width, yLow - yHigh);
        u.ctx.restore();
      },
    },
  };
}

/** Rings every point for which `isFlagged(seriesIndex, dataIndex)` holds, over the series. */
export function flaggedPointsPlugin(
  isFlagged: (seriesIndex: number, index: number) => boolean,
  color: string,
): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const [i0, i1] = u.series[0]?.idxs ?? [0, -1];
        const radius = 6 * devicePixelRatio;
        u.ctx.save();
        u.ctx.strokeStyle = color;
        u.ctx.fillStyle = color;
        u.ctx.lineWidth = 2 * devicePixelRatio;
        for (let s = 1; s < u.data.length; s++) {
          const ys = u.data[s]!;
          for (let i = i0; i <= i1; i++) {
            const v = ys[i];
            if (v === null || v === undefined || !isFlagged(s, i)) continue;
            const cx = u.valToPos(u.data[0]![i]!, 'x', true);
            const cy = u.valToPos(v, 'y', true);
            u.ctx.beginPath();
            u.ctx.arc(cx, cy, radius, 0, 2 * Math.PI);
            u.ctx.stroke();
            u.ctx.beginPath();
            u.ctx.arc(cx, cy, radius / 2.5, 0, 2 * Math.PI);
            u.ctx.fill();
          }
        }
        u.ctx.restore();
      },
    },
  };
}

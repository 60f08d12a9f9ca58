/**
 * A route's points as an SVG path in a box `width` × `height`: an equirectangular projection around the
 * route's middle latitude (a degree of longitude is shorter by cos(latitude)), scaled to fit with `pad`
 * all round and its aspect kept. Points without a position are left out. Null with fewer than two.
 */
export function routePath(
  lat: readonly (number | null)[],
  lon: readonly (number | null)[],
  width: number,
  height: number,
  pad = 8,
): { d: string; start: [number, number]; end: [number, number] } | null {
  const pts: [number, number][] = [];
  lat.forEach((la, i) => {
    const lo = lon[i];
    if (la !== null && lo !== null && lo !== undefined) pts.push([la, lo]);
  });
  if (pts.length < 2) return null;
  const lats = pts.map((p) => p[0]);
  const lons = pts.map((p) => p[1]);
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const [minLon, maxLon] = [Math.min(...lons), Math.max(...lons)];
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = (maxLon - minLon) * k || 1e-9;
  const spanY = maxLat - minLat || 1e-9;
  const scale = Math.min((width - 2 * pad) / spanX, (height - 2 * pad) / spanY);
  const offX = (width - spanX * scale) / 2;
  const offY = (height - spanY * scale) / 2;
  const xy = ([la, lo]: [number, number]): [number, number] => [
    Math.round((offX + (lo - minLon) * k * scale) * 10) / 10,
    Math.round((height - offY - (la - minLat) * scale) * 10) / 10,
  ];
  const projected = pts.map(xy);
  const d = projected.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
  return { d, start: projected[0]!, end: projected.at(-1)! };
}

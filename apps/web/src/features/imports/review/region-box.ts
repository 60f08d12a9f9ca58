import type { ReportRegion } from '@healthfolio/core';

/** A box in CSS pixels over the drawn page, from its top-left corner. */
export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where a result's region lies on a page drawn `drawnWidth` × `drawnHeight` CSS pixels. The region is in
 * PDF points from the page's top-left, with the page's own size, so each axis scales by drawn / points.
 * `pad` pixels frame the text a little; the box never leaves the page. Null when there is no size yet.
 */
export function regionBox(
  region: ReportRegion,
  drawnWidth: number,
  drawnHeight: number,
  pad = 3,
): PixelBox | null {
  if (region.pageWidth <= 0 || region.pageHeight <= 0 || drawnWidth <= 0 || drawnHeight <= 0) return null;
  const sx = drawnWidth / region.pageWidth;
  const sy = drawnHeight / region.pageHeight;
  const left = clamp(region.x * sx - pad, drawnWidth);
  const top = clamp(region.y * sy - pad, drawnHeight);
  const right = clamp((region.x + region.width) * sx + pad, drawnWidth);
  const bottom = clamp((region.y + region.height) * sy + pad, drawnHeight);
  return { left, top, width: right - left, height: bottom - top };
}

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

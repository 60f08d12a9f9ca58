import type { ReportRegion } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { regionBox } from './region-box';

/** Glucose on a US Letter page (612 × 792 pt), line 12 of Chen's Quest report. */
const glucose: ReportRegion = {
  page: 1,
  x: 36,
  y: 200,
  width: 540,
  height: 12,
  pageWidth: 612,
  pageHeight: 792,
};

describe('regionBox', () => {
  it('is the region itself on a page drawn at its size in points', () => {
    expect(regionBox(glucose, 612, 792, 0)).toEqual({ left: 36, top: 200, width: 540, height: 12 });
  });

  it('scales each axis from points to the drawn size', () => {
    // Half size across, the same height: x halves, y stays.
    expect(regionBox(glucose, 306, 792, 0)).toEqual({ left: 18, top: 200, width: 270, height: 12 });
    expect(regionBox(glucose, 918, 1188, 0)).toEqual({ left: 54, top: 300, width: 810, height: 18 });
  });

  it('pads the box and keeps it on the page', () => {
    expect(regionBox(glucose, 612, 792, 4)).toEqual({ left: 32, top: 196, width: 548, height: 20 });
    const corner = { ...glucose, x: 0, y: 0, width: 612, height: 10 };
    expect(regionBox(corner, 612, 792, 5)).toEqual({ left: 0, top: 0, width: 612, height: 15 });
  });

  it('has no box before the page has a size', () => {
    expect(regionBox(glucose, 0, 0)).toBeNull();
    expect(regionBox({ ...glucose, pageWidth: 0 }, 612, 792)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  WAIVER_FITS_THRESHOLD_PX,
  WAIVER_MAX_HEIGHT_PX,
  WAIVER_SCROLL_THRESHOLD_PX,
  contentFits,
  reachedEnd,
} from './waiver-scroll';

describe('waiver scroll thresholds', () => {
  it("are the spec's values", () => {
    expect(WAIVER_SCROLL_THRESHOLD_PX).toBe(15);
    expect(WAIVER_FITS_THRESHOLD_PX).toBe(5);
    expect(WAIVER_MAX_HEIGHT_PX).toBe(450);
  });
});

describe('reachedEnd', () => {
  const box = { scrollHeight: 2000, clientHeight: 450 };

  it('is false at the top of a long agreement and until 15 px from its end', () => {
    expect(reachedEnd({ ...box, scrollTop: 0 })).toBe(false);
    expect(reachedEnd({ ...box, scrollTop: 1000 })).toBe(false);
    expect(reachedEnd({ ...box, scrollTop: 1534 })).toBe(false); // 16 px left
  });

  it('is true within 15 px of the end and at the end', () => {
    expect(reachedEnd({ ...box, scrollTop: 1535 })).toBe(true); // 15 px left
    expect(reachedEnd({ ...box, scrollTop: 1549.5 })).toBe(true); // fractional scroll positions
    expect(reachedEnd({ ...box, scrollTop: 1550 })).toBe(true);
  });

  it('is true when the content fits its box within 5 px', () => {
    expect(reachedEnd({ scrollTop: 0, scrollHeight: 300, clientHeight: 450 })).toBe(true);
    expect(reachedEnd({ scrollTop: 0, scrollHeight: 455, clientHeight: 450 })).toBe(true);
  });

  it('is false for a box that has not been laid out', () => {
    expect(reachedEnd({ scrollTop: 0, scrollHeight: 0, clientHeight: 0 })).toBe(false);
  });
});

describe('contentFits', () => {
  it('allows at most 5 px of overflow', () => {
    expect(contentFits({ scrollHeight: 450, clientHeight: 450 })).toBe(true);
    expect(contentFits({ scrollHeight: 455, clientHeight: 450 })).toBe(true);
    expect(contentFits({ scrollHeight: 456, clientHeight: 450 })).toBe(false);
    expect(contentFits({ scrollHeight: 2000, clientHeight: 450 })).toBe(false);
  });

  it('is false for a box that has not been laid out', () => {
    expect(contentFits({ scrollHeight: 0, clientHeight: 0 })).toBe(false);
  });
});

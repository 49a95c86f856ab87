/** Product rule: the Accept button unlocks within this many px of the agreement's end. */
export const WAIVER_SCROLL_THRESHOLD_PX = 15;
/** Product rule: content overflowing its box by at most this many px already fits. */
export const WAIVER_FITS_THRESHOLD_PX = 5;
/** Product rule: the agreement box is at most this tall. */
export const WAIVER_MAX_HEIGHT_PX = 450;

export type ScrollMetrics = { scrollTop: number; scrollHeight: number; clientHeight: number };

/**
 * A box with no height has not been laid out (hidden, or no layout engine): nothing about its
 * end can be known, so it never counts as read.
 */
function laidOut({ clientHeight }: Pick<ScrollMetrics, 'clientHeight'>): boolean {
  return clientHeight > 0;
}

/** The whole agreement is visible without scrolling (checked on open and on resize). */
export function contentFits(metrics: Pick<ScrollMetrics, 'scrollHeight' | 'clientHeight'>): boolean {
  return laidOut(metrics) && metrics.scrollHeight - metrics.clientHeight <= WAIVER_FITS_THRESHOLD_PX;
}

/** The reader is within the scroll threshold of the end, or the content fits its box. */
export function reachedEnd(metrics: ScrollMetrics): boolean {
  if (!laidOut(metrics)) return false;
  const remaining = metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight;
  return contentFits(metrics) || remaining <= WAIVER_SCROLL_THRESHOLD_PX;
}

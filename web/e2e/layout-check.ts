import type { Page } from 'playwright-core';

/**
 * What is wrong with the layout of the page as shown now, each as a sentence naming the text
 * concerned; empty when nothing is:
 * - the page scrolls sideways (the document is wider than the window);
 * - text is clipped: an element with text cuts it (overflow hidden and content wider than the
 *   box), or a text box lies outside a box that clips or scrolls it, or outside the window;
 * - a word is broken across lines (break-all, or a column too narrow for it), except where
 *   long tokens may break anywhere on purpose (overflow-wrap: anywhere);
 * - text overlaps text: the boxes of two distinct text nodes intersect, or sit on one line in
 *   distinct boxes with no gap between them (a date running into a name);
 * - a text field has no inner padding.
 * Deliberately scrolling containers are exempt from the clipping rule: the labelled, focusable
 * table regions (role=region with tabindex) and carousels; so is a preview cut to a number of
 * lines with an ellipsis (line-clamp). Visually hidden (sr-only) text and text that is not
 * rendered are skipped. Boxes come from Range.getClientRects, one per line of
 * a text node, so a wrapped text is measured line by line.
 *
 * A string, because this program is type-checked for Node, not the DOM.
 */
const LAYOUT_PROBLEMS = `(() => {
  const EDGE = 1;
  const problems = [];
  const quote = (text) => JSON.stringify(text.replace(/\\s+/g, ' ').trim().slice(0, 60));
  const scroller = document.scrollingElement;
  if (scroller.scrollWidth > scroller.clientWidth) {
    problems.push('the page scrolls sideways: ' + scroller.scrollWidth + ' px wide in ' + scroller.clientWidth + ' px');
  }

  const style = (el) => getComputedStyle(el);
  const visuallyHidden = (el) => {
    for (let at = el; at && at !== document.body; at = at.parentElement) {
      const s = style(at);
      if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return true;
      if (s.position === 'absolute' && s.overflow === 'hidden' && at.offsetWidth <= 1 && at.offsetHeight <= 1) return true;
    }
    return false;
  };
  const deliberatelyScrolling = (el) =>
    el.matches('[role=region][tabindex="0"]') || el.closest('[aria-roledescription=carousel]') !== null;
  const clips = (el) => {
    const s = style(el);
    return s.overflowX !== 'visible' || s.overflowY !== 'visible';
  };
  /** The box an element shows its content in: its padding box, in viewport coordinates. */
  const inner = (el) => {
    const b = el.getBoundingClientRect();
    const left = b.left + el.clientLeft;
    const top = b.top + el.clientTop;
    return { left, top, right: left + el.clientWidth, bottom: top + el.clientHeight };
  };
  /** A deliberate preview cut to a number of lines, ending in an ellipsis (line-clamp). */
  const clamped = (el) => {
    for (let at = el; at && at !== document.body; at = at.parentElement) {
      if (style(at).webkitLineClamp !== 'none') return true;
    }
    return false;
  };
  const blockOf = (el) => {
    let at = el;
    while (at.parentElement && style(at).display.startsWith('inline') && !/^(inline-block|inline-flex|inline-grid)$/.test(style(at).display)) at = at.parentElement;
    return at;
  };

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const boxes = [];
  const checkedElements = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    if (!text.trim()) continue;
    const el = node.parentElement;
    if (!el || el.closest('script, style, noscript, template, svg')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    if (visuallyHidden(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
    if (rects.length === 0) continue;

    if (!checkedElements.has(el)) {
      checkedElements.add(el);
      const s = style(el);
      if ((s.overflowX === 'hidden' || s.overflowX === 'clip') && el.scrollWidth > el.clientWidth + EDGE) {
        problems.push('clipped: ' + quote(el.textContent) + ' needs ' + el.scrollWidth + ' px in ' + el.clientWidth + ' px');
      }
    }

    // Clipped or hidden by an ancestor that clips or scrolls, or beyond the window's sides.
    let cut = null;
    for (let at = el; at && at !== document.body && at !== document.documentElement; at = at.parentElement) {
      if (!clips(at)) continue;
      if (deliberatelyScrolling(at)) break;
      const box = inner(at);
      const outside = rects.find((r) => r.left < box.left - EDGE || r.right > box.right + EDGE || r.top < box.top - EDGE || r.bottom > box.bottom + EDGE);
      if (outside) {
        cut = 'outside its ' + at.tagName.toLowerCase() + ' (' + Math.round(outside.left) + '..' + Math.round(outside.right) + ' in ' + Math.round(box.left) + '..' + Math.round(box.right) + ')';
        break;
      }
    }
    if (!cut && !el.closest('[role=region][tabindex="0"], [aria-roledescription=carousel]')) {
      const outside = rects.find((r) => r.left < -EDGE || r.right > window.innerWidth + EDGE);
      if (outside) cut = 'outside the window (' + Math.round(outside.left) + '..' + Math.round(outside.right) + ')';
    }
    if (cut && !clamped(el)) problems.push('clipped: ' + quote(text) + ' ' + cut);

    // A word (a run of letters and digits) split over two lines, unless the element allows that
    // on purpose for long tokens such as ids and addresses (overflow-wrap: anywhere).
    if (new Set(rects.map((r) => Math.round(r.top))).size > 1 && style(el).overflowWrap !== 'anywhere') {
      for (const word of text.matchAll(/[\\p{L}\\p{N}]{2,}/gu)) {
        const part = document.createRange();
        part.setStart(node, word.index);
        part.setEnd(node, word.index + word[0].length);
        const lines = new Set([...part.getClientRects()].filter((r) => r.width > 0.5).map((r) => Math.round(r.top)));
        if (lines.size > 1) problems.push('word broken across lines: ' + quote(word[0]) + ' in ' + quote(text));
      }
    }

    // For overlaps, each line's box as the line gives it room (a tight line height lets glyph
    // boxes of adjacent lines overlap harmlessly), and only its part that any clipping box shows.
    const block = blockOf(el);
    const lineHeight = parseFloat(style(el).lineHeight);
    const clippers = [];
    for (let at = el; at && at !== document.body && at !== document.documentElement; at = at.parentElement) {
      if (clips(at)) clippers.push(inner(at));
    }
    for (const r of rects) {
      const trim = lineHeight > 0 && r.height > lineHeight ? (r.height - lineHeight) / 2 : 0;
      const box = { left: r.left, right: r.right, top: r.top + trim, bottom: r.bottom - trim };
      for (const c of clippers) {
        box.left = Math.max(box.left, c.left);
        box.right = Math.min(box.right, c.right);
        box.top = Math.max(box.top, c.top);
        box.bottom = Math.min(box.bottom, c.bottom);
      }
      if (box.right - box.left > 0.5 && box.bottom - box.top > 0.5) boxes.push({ node, text, block, ...box });
    }
  }

  // Overlaps: a sweep over the boxes sorted by their tops.
  boxes.sort((a, b) => a.top - b.top);
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i];
    for (let j = i + 1; j < boxes.length && boxes[j].top < a.bottom; j += 1) {
      const b = boxes[j];
      if (a.node === b.node) continue;
      const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      const gap = Math.max(a.left, b.left) - Math.min(a.right, b.right);
      const sameLine = overlapY > 0.5 * Math.min(a.bottom - a.top, b.bottom - b.top);
      if (overlapY > 2 && gap < -1) {
        problems.push('overlap: ' + quote(a.text) + ' and ' + quote(b.text));
      } else if (sameLine && a.block !== b.block && !a.block.contains(b.block) && !b.block.contains(a.block) && gap < 4) {
        problems.push('run together: ' + quote(a.text) + ' and ' + quote(b.text) + ' (' + Math.round(gap) + ' px apart)');
      }
    }
  }

  for (const field of document.querySelectorAll('input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]):not([type=range]):not([type=color]), textarea, select')) {
    if (!field.checkVisibility() || visuallyHidden(field)) continue;
    const s = style(field);
    if (parseFloat(s.paddingLeft) < 4 || parseFloat(s.paddingRight) < 4) {
      problems.push('no inner padding: the field ' + quote(field.labels?.[0]?.textContent ?? field.name ?? field.id) + ' (' + s.paddingLeft + ' / ' + s.paddingRight + ')');
    }
  }
  return [...new Set(problems)];
})()`;

/** The layout problems of the page as it is shown now (see above); an empty list when none. */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(LAYOUT_PROBLEMS);
}

/**
 * Resizes the window and waits until the page has laid itself out again: two animation frames,
 * so components that measure themselves (resize observers) have rendered their answer.
 */
export async function resizeTo(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))',
  );
}

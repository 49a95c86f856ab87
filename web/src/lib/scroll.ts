/** Smooth scrolling is motion; people who asked the system for less motion get a jump. */
function scrollBehavior(): ScrollBehavior {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return reduce ? 'auto' : 'smooth';
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
}

/** Scrolls to the element with this id; false when the page has no such element. */
export function scrollToSection(id: string, { moveFocus = false } = {}): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  // Keyboard and screen-reader users continue from the section they asked for.
  if (moveFocus) element.focus({ preventScroll: true });
  return true;
}

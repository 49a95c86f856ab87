/**
 * Stands in for a route whose page is built by a later issue: the route exists (so it is
 * not a 404) and renders inside the layout, but shows nothing yet.
 */
export function UnbuiltPage() {
  return null;
}

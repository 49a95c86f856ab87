import { fileURLToPath } from 'node:url';

/**
 * The API reference viewer's script as the api serves it: Scalar's self-contained browser build,
 * copied here by `npm run build` (api/build/docs-viewer.ts), so a production install needs none of
 * the viewer's package tree (docs/decisions/013).
 */
export const DOCS_VIEWER_FILE = fileURLToPath(new URL('../../../dist/docs/scalar.js', import.meta.url));

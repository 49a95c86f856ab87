import { ApiError } from '@pillars/contracts';
import { ApiRequestError } from './api';

// Apart from api.ts, which every page loads: this reads the answer with its contract, and only
// forms need it, so zod stays out of the first load (docs/decisions/038).

/**
 * The message of a 4xx JSON error (`{ error, code, issues? }`): the first validation issue when
 * there is one, as it names the field. Null for anything else.
 */
export function apiErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status >= 500) return null;
  try {
    const parsed = ApiError.safeParse(JSON.parse(error.bodyText));
    if (!parsed.success) return null;
    return parsed.data.issues?.[0]?.message ?? parsed.data.error;
  } catch {
    return null;
  }
}

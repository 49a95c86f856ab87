import type { RegistrationDetail } from '@pillars/shared/contracts/admin';

/** Lower case without accents, so "Zoe" finds "Zoé" at a noisy door. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** A search shorter than this lists nobody: one letter would match half the room. */
export const DOOR_SEARCH_MIN = 2;

/**
 * The registrations a door search finds: every word of the search appears in the registrant's
 * first name, last name or e-mail (any order, any case, accents ignored). At most `limit`, so a
 * phone shows a short list; cancelled registrations are left out (they hold no place).
 */
export function searchRegistrations(
  registrations: readonly RegistrationDetail[],
  search: string,
  limit = 20,
): RegistrationDetail[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  if (words.join('').length < DOOR_SEARCH_MIN) return [];
  return registrations
    .filter((registration) => registration.status !== 'cancelled')
    .filter((registration) => {
      const haystack = folded(`${registration.firstName} ${registration.lastName} ${registration.email}`);
      return words.every((word) => haystack.includes(word));
    })
    .slice(0, limit);
}

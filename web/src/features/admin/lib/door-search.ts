import { DOOR_SEARCH_MIN } from '@pillars/contracts/admin';

/**
 * Whether a door search is worth asking the server (which searches every registration, see
 * docs/decisions/034): at least DOOR_SEARCH_MIN letters besides spaces. Shorter, nobody is found
 * without a request: one letter would match half the room.
 */
export function doorSearchReady(search: string): boolean {
  return search.replace(/\s+/g, '').length >= DOOR_SEARCH_MIN;
}

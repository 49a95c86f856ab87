import { messages } from './field-messages';

/** Places left are shown when this few remain (docs/decisions/022). */
export const FEW_PLACES_LEFT = 10;

/** What the event page and the API say about places (docs/decisions/022). */
export const placesMessages = {
  soldOut: 'Sold out',
  eventSoldOut: 'This event is sold out.',
  tierSoldOut: (tierName: string) => `The ${tierName} tier is sold out.`,
  fewLeft: (left: number) => (left === 1 ? 'Only 1 place left' : `Only ${left} places left`),
  holdExpired: 'Your reservation expired; please register again.',
} as const;

/** The "Only N places left" notice, or null when places are unlimited, plentiful or gone. */
export const fewPlacesNotice = (left: number | null | undefined): string | null =>
  left !== null && left !== undefined && left > 0 && left <= FEW_PLACES_LEFT ? placesMessages.fewLeft(left) : null;

export const registrationMessages = {
  ...messages,
  selectTier: 'Please select a ticket type',
} as const;

/** Time of an event: stored instants, shown in the organisation's zone with 'ET' (product rule). */
export const EVENT_TIME_ZONE = 'America/New_York';

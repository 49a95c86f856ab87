import type { Org } from './layout';

/** Who registered, and for which event, when and where: what every e-mail about a registration names. */
export interface RegistrationEventProps {
  org: Org;
  firstName: string;
  eventTitle: string;
  /** "Saturday, March 14, 2026" and "6:00 PM – 8:00 PM ET": when it takes (or would have taken) place. */
  day: string;
  hours: string;
  location: string;
}

/** The first rows of such an e-mail's details: the event, its date, time and place. */
export function registrationEventRows(props: RegistrationEventProps): Array<readonly [string, string]> {
  return [
    ['Event', props.eventTitle],
    ['Date', props.day],
    ['Time', props.hours],
    ['Where', props.location],
  ];
}

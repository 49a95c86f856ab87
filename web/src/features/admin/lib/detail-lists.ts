import type { RegistrationDetail } from '@pillars/shared/contracts/admin';

export type EventGroup = {
  key: string;
  event: RegistrationDetail['event'];
  registrations: RegistrationDetail[];
};

/**
 * Registrations grouped by event, the latest event first and the newest
 * registration first within each. Two events of the same title on different dates stay apart.
 */
export function groupByEvent(registrations: readonly RegistrationDetail[]): EventGroup[] {
  const groups = new Map<string, EventGroup>();
  for (const registration of registrations) {
    const { event } = registration;
    const key = `${event.title}|${event.startDate}`;
    const group = groups.get(key);
    if (group) group.registrations.push(registration);
    else groups.set(key, { key, event, registrations: [registration] });
  }
  const newestFirst = (a: string, b: string) => Date.parse(b) - Date.parse(a);
  return [...groups.values()]
    .map((group) => ({
      ...group,
      registrations: group.registrations.sort((a, b) => newestFirst(a.createdAt, b.createdAt)),
    }))
    .sort((a, b) => newestFirst(a.event.startDate, b.event.startDate) || a.event.title.localeCompare(b.event.title));
}

/** Newest first, for the contributors and members lists. */
export function newestFirst<T extends { createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

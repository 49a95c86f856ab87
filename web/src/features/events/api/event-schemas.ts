// Their own module so that the event queries load them lazily, beside the answer: the schemas, and
// zod with them, stay out of the pages' code, and a page hydrating from the server's data never
// loads them (docs/decisions/038).
export { EventDetail, EventList } from '@pillars/contracts';

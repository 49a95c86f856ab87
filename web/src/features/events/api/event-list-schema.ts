// Its own module so that get-events can load it lazily: the schema and zod stay out of the first load
// (docs/decisions/038).
export { EventList } from '@pillars/shared/contracts';

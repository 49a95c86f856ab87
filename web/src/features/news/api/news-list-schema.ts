// Its own module so that get-news can load it lazily: the schema and zod stay out of the first load
// (docs/decisions/038).
export { NewsList } from '@pillars/shared/contracts';

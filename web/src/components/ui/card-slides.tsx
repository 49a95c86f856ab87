import type { ReactNode } from 'react';
import { Carousel } from './carousel';

/** A carousel's slides drawn from its items. */
export type Slides<T> = (props: { items: T[] }) => ReactNode;

/**
 * The slides of a section carousel, one card a slide keyed by its item's id. Kept apart from
 * `sectionCarousel` so that the carousel's code loads with the slides, lazily.
 */
export function cardSlides<T extends { id: string }>(
  label: string,
  slideClassName: string,
  card: (item: T) => ReactNode,
): Slides<T> {
  return function CardSlides({ items }: { items: T[] }) {
    return (
      <Carousel
        label={label}
        slideClassName={slideClassName}
        slides={items.map((item) => ({ key: item.id, content: card(item) }))}
      />
    );
  };
}

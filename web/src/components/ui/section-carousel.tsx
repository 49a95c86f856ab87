import type { UseQueryResult } from '@tanstack/react-query';
import { lazyNearViewport } from '@/lib/near-viewport';
import type { Slides } from './card-slides';
import { QueryCards, type QueryCardsProps } from './query-cards';

type SectionCarouselOptions<T> = {
  /** The page section the carousel sits in: its nearing the viewport loads the slides. */
  sectionId: string;
  /** The query of the section's items. */
  useItems: () => UseQueryResult<T[]>;
  texts: QueryCardsProps<T>['texts'];
  placeholders: QueryCardsProps<T>['placeholders'];
  /** The slides' module (see `cardSlides`), imported lazily. */
  loadSlides: () => Promise<Slides<NoInfer<T>>>;
};

/**
 * A page section's carousel of cards. The request starts here, with the page; the slides' code
 * (cards, date formatting, the carousel) loads when the section nears the viewport
 * (docs/decisions/038). The server draws the slides all the same.
 */
export function sectionCarousel<T>({
  sectionId,
  useItems,
  texts,
  placeholders,
  loadSlides,
}: SectionCarouselOptions<T>) {
  const Slides = lazyNearViewport(sectionId, () => loadSlides().then((slides) => ({ default: slides })));
  return function SectionCarousel() {
    const query = useItems();
    return (
      <QueryCards query={query} texts={texts} placeholders={placeholders}>
        {(items) => <Slides items={items} />}
      </QueryCards>
    );
  };
}

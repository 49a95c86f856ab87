import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

export type CarouselSlide = { key: string; content: ReactNode };

type CarouselProps = {
  /** Accessible name of the carousel region, e.g. "News articles"; distinct from the section heading. */
  label: string;
  /** Tailwind basis classes that set how many slides show per breakpoint. */
  slideClassName: string;
  slides: CarouselSlide[];
};

const controlButton =
  'inline-flex size-11 items-center justify-center rounded-full border-2 border-navy-900 text-navy-900 transition-colors hover:bg-navy-900 hover:text-white';

/**
 * Product rule: carousels loop and align slides to the start. Embla turns looping off when
 * there are too few slides to fill the loop; `keepSnaps` then still gives every slide its own
 * snap, so there is always one dot per slide and each dot selects its slide.
 */
const OPTIONS: EmblaOptionsType = { loop: true, align: 'start', containScroll: 'keepSnaps' };

/**
 * Embla on the viewport, its code loaded after the first render: the slides are plain markup
 * until then (the first slides in place, as embla starts), so the carousel shows at once and
 * stays out of the first load (docs/decisions/038). The controls act once it has loaded.
 */
function useLazyEmbla(): [(viewport: HTMLDivElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!viewport) return;
    let carousel: EmblaCarouselType | undefined;
    let unmounted = false;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (unmounted) return;
      carousel = EmblaCarousel(viewport, OPTIONS);
      setApi(carousel);
    });
    return () => {
      unmounted = true;
      carousel?.destroy();
      setApi(undefined);
    };
  }, [viewport]);
  return [setViewport, api];
}

export function Carousel({ label, slideClassName, slides }: CarouselProps) {
  const [viewportRef, api] = useLazyEmbla();
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  const scrollPrev = useCallback(() => api?.scrollPrev(), [api]);
  const scrollNext = useCallback(() => api?.scrollNext(), [api]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      scrollPrev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      scrollNext();
    }
  };

  const hasControls = slides.length > 1;

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      {/* Positioned, so it also clips what slides place absolutely (screen-reader-only text). */}
      <div ref={viewportRef} className="relative overflow-hidden">
        <div className="-ml-6 flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={cn('min-w-0 shrink-0 grow-0 pl-6', slideClassName)}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>

      {hasControls ? (
        <div className="mt-8 flex items-center justify-between gap-4">
          <button type="button" className={controlButton} onClick={scrollPrev} aria-label="Previous slide">
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <div className="flex flex-wrap justify-center gap-1">
            {slides.map((slide, index) => {
              const current = index === selected;
              return (
                <button
                  key={slide.key}
                  type="button"
                  onClick={() => api?.scrollTo(index)}
                  aria-label={`Go to slide ${index + 1}`}
                  aria-current={current ? 'true' : undefined}
                  className="group inline-flex size-6 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'block h-2.5 rounded-full transition-all motion-reduce:transition-none',
                      current ? 'w-6 bg-crimson-600' : 'w-2.5 bg-slate-400 group-hover:bg-navy-700',
                    )}
                  />
                </button>
              );
            })}
          </div>
          <button type="button" className={controlButton} onClick={scrollNext} aria-label="Next slide">
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}
    </div>
  );
}

import { ResponsiveImage } from './responsive-image';

type CardImageProps = { src: string; alt: string };

/** Cards are a third of the page at most on wide screens, the full width on phones. */
const CARD_SIZES = '(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw';

/**
 * A 16:9 card picture. Width and height reserve the space before it loads (no layout shift);
 * a missing file (or no address) shows the neutral placeholder instead of a broken-image icon.
 */
export function CardImage({ src, alt }: CardImageProps) {
  return (
    <ResponsiveImage
      src={src}
      alt={alt}
      width={640}
      height={360}
      sizes={CARD_SIZES}
      loading="lazy"
      className="aspect-video w-full bg-navy-100 object-cover"
    />
  );
}

import { useState } from 'react';

const FALLBACK_SRC = '/images/placeholder.svg';

type CardImageProps = { src: string; alt: string };

/**
 * A 16:9 card picture. Width and height reserve the space before it loads (no layout shift);
 * a missing file (or no address) shows the neutral placeholder instead of a broken-image icon.
 */
export function CardImage({ src, alt }: CardImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed || !src ? FALLBACK_SRC : src}
      alt={alt}
      width={640}
      height={360}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-video w-full bg-navy-100 object-cover"
    />
  );
}

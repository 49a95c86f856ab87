import { imageSourcesOf } from '@pillars/contracts';
import { type ImgHTMLAttributes, useState } from 'react';

const FALLBACK_SRC = '/images/placeholder.svg';

type ResponsiveImageProps = {
  src: string;
  alt: string;
  /** The box reserved before an image of unknown size loads (an address that is not an upload). */
  width: number;
  height: number;
  /** How wide the image is shown, for the browser to pick a size: the `sizes` attribute. */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: ImgHTMLAttributes<HTMLImageElement>['fetchPriority'];
};

/**
 * A picture that loads no more than it shows. An uploaded image (/media/<id>/<w>x<h>.webp) comes in
 * AVIF and WebP at several widths, all known from its address (docs/decisions/023), with its own
 * dimensions; any other address is shown as it is. A missing file shows the neutral placeholder.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  className,
  loading,
  fetchPriority,
}: ResponsiveImageProps) {
  const [failed, setFailed] = useState(false);
  // No address at all (an article saved without an image) shows the placeholder too.
  const missing = failed || !src;
  const sources = missing ? null : imageSourcesOf(src);
  const img = (
    <img
      src={missing ? FALLBACK_SRC : (sources?.src ?? src)}
      alt={alt}
      width={sources?.width ?? width}
      height={sources?.height ?? height}
      {...(sources ? { srcSet: sources.webpSrcset, sizes } : {})}
      {...(loading ? { loading } : {})}
      {...(fetchPriority ? { fetchPriority } : {})}
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  );
  if (!sources) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={sources.avifSrcset} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webpSrcset} sizes={sizes} />
      {img}
    </picture>
  );
}

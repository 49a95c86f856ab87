import { LogoMark } from '@/components/layout/logo-mark';

/** Stands where a card has no picture, so cards in one row keep the same shape. */
export function ImagePlaceholder() {
  return (
    <div aria-hidden="true" className="hero-backdrop flex aspect-video w-full items-center justify-center">
      <LogoMark className="size-16 opacity-90" />
    </div>
  );
}

/** The shield-and-star mark, also used as the favicon (public/favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <path d="M32 3 8 12v18c0 15.5 10.2 26.6 24 31 13.8-4.4 24-15.5 24-31V12L32 3Z" fill="#b22234" />
      <path d="M32 8.5 13 15.6V30c0 12.6 8 21.8 19 25.6 11-3.8 19-13 19-25.6V15.6L32 8.5Z" fill="#0b1f3a" />
      <path d="m32 17 4.1 8.9 9.6 1.1-7.1 6.6 1.9 9.5L32 38.4l-8.5 4.7 1.9-9.5-7.1-6.6 9.6-1.1L32 17Z" fill="#d4af37" />
    </svg>
  );
}

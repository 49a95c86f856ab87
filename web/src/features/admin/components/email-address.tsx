import { Fragment } from 'react';
import { cn } from '@/lib/cn';
import { emailPieces } from '../lib/email-breaks';

/**
 * A token shown whole, with a line break allowed only between its pieces (a <wbr> each). Only a
 * piece too long for its box on its own breaks inside (overflow-wrap: anywhere, which browsers use
 * only when no <wbr> point fits). The text stays the whole token, so screen readers and copy-paste
 * get it unchanged.
 */
export function Pieces({ pieces, className }: { pieces: readonly string[]; className?: string }) {
  return (
    <span className={cn('[overflow-wrap:anywhere]', className)}>
      {pieces.map((piece, index) => (
        // Pieces repeat (".com" twice), so their position is their key; the list never reorders.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}

/** An e-mail address that wraps at the points emailPieces allows, never one character per line. */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  return <Pieces pieces={emailPieces(address)} {...(className ? { className } : {})} />;
}

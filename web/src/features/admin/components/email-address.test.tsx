import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emailPieces } from '../lib/email-breaks';
import { EmailAddress } from './email-address';

describe('emailPieces', () => {
  it('cuts after the @ and before each dot', () => {
    expect(emailPieces('ivy@example.com')).toEqual(['ivy@', 'example', '.com']);
    expect(emailPieces('benjamin.franklin@library-company.example.org')).toEqual([
      'benjamin',
      '.franklin@',
      'library-company',
      '.example',
      '.org',
    ]);
  });

  it('keeps an address without break points whole, and loses no character', () => {
    expect(emailPieces('postmaster')).toEqual(['postmaster']);
    for (const address of ['a.b.c@d.e', '.x@y.', 'x@@y..z']) expect(emailPieces(address).join('')).toBe(address);
  });
});

describe('EmailAddress', () => {
  it('offers a line break only between the pieces, and reads as the whole address', () => {
    const { container } = render(<EmailAddress address="ivy@example.com" />);
    const span = container.firstElementChild as HTMLElement;
    expect(span.textContent).toBe('ivy@example.com');
    expect(span.innerHTML).toBe('ivy@<wbr>example<wbr>.com');
    // A piece too long for its column may still break inside, as a last resort only.
    expect(span.className).toContain('[overflow-wrap:anywhere]');
    expect(span.className).not.toContain('break-all');
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_FIELD_IDS, hostedFieldTexts } from '../payments-texts';
import { HostedCardFields, cardFieldsStatus, cardLoadingLabel } from './hosted-card-fields';

const skeletons = () => document.querySelectorAll('[data-card-field-skeleton]');

describe('HostedCardFields', () => {
  it('while loading: the group is aria-busy and each box shows a skeleton of its own size, hidden from screen readers', () => {
    render(<HostedCardFields ready={false} error={null} />);
    const group = screen.getByRole('group', { name: 'Card details' });
    expect(group.getAttribute('aria-busy')).toBe('true');
    expect(skeletons()).toHaveLength(4);
    for (const id of Object.values(CARD_FIELD_IDS)) {
      const container = document.getElementById(id);
      const skeleton = container?.parentElement?.querySelector('[data-card-field-skeleton]');
      // Laid over the container (absolute, inset 0 in the same box): the same size, nothing moves when it goes.
      expect(skeleton?.getAttribute('aria-hidden')).toBe('true');
      expect(skeleton?.className).toContain('absolute inset-0');
      expect(container?.parentElement?.className).toContain('relative');
    }
  });

  it('once ready: no skeleton, not busy', () => {
    render(<HostedCardFields ready error={null} />);
    expect(screen.getByRole('group', { name: 'Card details' }).hasAttribute('aria-busy')).toBe(false);
    expect(skeletons()).toHaveLength(0);
  });

  it('when the fields could not load: the error, no skeleton, not busy', () => {
    render(<HostedCardFields ready={false} error="card payment provider not loaded" />);
    expect(screen.getByRole('alert').textContent).toBe(hostedFieldTexts.unavailable);
    expect(screen.getByRole('group', { name: 'Card details' }).hasAttribute('aria-busy')).toBe(false);
    expect(skeletons()).toHaveLength(0);
  });

  it('draws a visible focus ring on a container whose iframe has focus', () => {
    render(<HostedCardFields ready error={null} />);
    for (const id of Object.values(CARD_FIELD_IDS)) {
      const classes = document.getElementById(id)?.className ?? '';
      expect(classes).toContain('focus-within:outline-3');
      expect(classes).toContain('focus-within:outline-navy-700');
      expect(classes).toContain('data-frame-focused:outline-3');
    }
  });

  it('marks the container whose iframe has focus once the window loses focus to it', async () => {
    render(<HostedCardFields ready error={null} />);
    const container = document.getElementById(CARD_FIELD_IDS.cvv);
    const frame = document.createElement('iframe');
    frame.srcdoc = '<p>field</p>';
    container?.append(frame);
    frame.focus();
    window.dispatchEvent(new Event('blur'));
    await waitFor(() => expect(container?.hasAttribute('data-frame-focused')).toBe(true));
    expect(document.getElementById(CARD_FIELD_IDS.number)?.hasAttribute('data-frame-focused')).toBe(false);

    frame.blur();
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(container?.hasAttribute('data-frame-focused')).toBe(false));
  });
});

describe('cardFieldsStatus and cardLoadingLabel', () => {
  it('a rejected card while remounting is still loading; another error before ready is unavailable', () => {
    expect(cardFieldsStatus({ ready: false, error: null })).toBe('loading');
    expect(cardFieldsStatus({ ready: false, error: 'NOT_VALID: card number' })).toBe('loading');
    expect(cardFieldsStatus({ ready: false, error: 'card payment provider not loaded' })).toBe('unavailable');
    expect(cardFieldsStatus({ ready: true, error: 'anything' })).toBe('ready');
    expect(cardLoadingLabel({ ready: false, error: null })).toBe('Loading secure card fields…');
    expect(cardLoadingLabel({ ready: true, error: null })).toBeNull();
    expect(cardLoadingLabel({ ready: false, error: 'card payment provider not loaded' })).toBeNull();
  });
});

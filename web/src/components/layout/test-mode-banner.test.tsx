import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { TestModeBanner } from './test-mode-banner';

const text = 'Test mode: no real cards are charged. Use card 4111 1111 1111 1111.';
const payments = { sdkUrl: '/sdk.js', apiKey: 'pk' };

describe('TestModeBanner', () => {
  it('tells visitors no real cards are charged in test mode', () => {
    renderWithProviders(<TestModeBanner />, { config: { payments: { ...payments, testMode: true } } });
    expect(screen.getByRole('complementary', { name: 'Test mode' }).textContent).toBe(text);
  });

  it('is absent in live mode', () => {
    renderWithProviders(<TestModeBanner />, { config: { payments: { ...payments, testMode: false } } });
    expect(screen.queryByText(text)).toBeNull();
  });
});

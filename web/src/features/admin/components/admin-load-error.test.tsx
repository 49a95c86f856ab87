import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api';
import { adminTexts } from '../admin-texts';
import { describeError } from '../lib/format';
import { AdminLoadError } from './admin-load-error';

const dbDown = new ApiRequestError(500, '{"error":"db down"}', 'Internal Server Error');

function renderError(onRetry = vi.fn(), retrying = false) {
  render(
    <AdminLoadError
      text={adminTexts.errorLoadingContributors(describeError(dbDown))}
      hint={adminTexts.loadFailedHint('the contributors')}
      error={dbDown}
      onRetry={onRetry}
      retrying={retrying}
    />,
  );
  return { onRetry, user: userEvent.setup() };
}

describe('AdminLoadError', () => {
  it('announces the page sentence and what to do, not the raw answer', () => {
    renderError();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      "Error loading contributors: 500: db downWe couldn't load the contributors. Check your connection and try again.",
    );
    expect(alert.textContent).not.toContain('{');
  });

  it('tries again from the keyboard', async () => {
    const { onRetry, user } = renderError();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));
    await user.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('waits while a retry is on its way', () => {
    renderError(vi.fn(), true);
    const button = screen.getByRole('button', { name: 'Trying again...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the status and raw answer in a keyboard-reachable disclosure, closed at first', async () => {
    const { user } = renderError();
    const details = screen.getByText('Technical details').closest('details');
    expect(details).not.toBeNull();
    expect(details?.open).toBe(false);
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Technical details');
    // jsdom has no keyboard activation of <summary>; browsers open it on Enter and Space.
    await user.click(screen.getByText('Technical details'));
    expect(details?.open).toBe(true);
    expect(within(details as HTMLElement).getByText(/HTTP 500/).textContent).toBe('HTTP 500\n{"error":"db down"}');
  });

  it('shows neither a button nor details when given neither', () => {
    render(<AdminLoadError text="Failed to load contributors data" />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load contributors data');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Technical details')).toBeNull();
  });
});

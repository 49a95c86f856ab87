import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { findNotifications } from '@/test/toasts';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, type ToastInput, useToast, useToastState } from './use-toast';

function Trigger({ toasts }: { toasts: ToastInput[] }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toasts.forEach(toast)}>
      Notify
    </button>
  );
}

describe('toasts', () => {
  it('follows the spec: one toast at a time, removed 1,000,000 ms after dismissal', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('shows only the newest toast, with title, description and variant', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Trigger
        toasts={[
          { title: 'Invalid Amount', description: 'first' },
          { title: 'Payment Processing Error', description: 'Card declined', variant: 'destructive' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    const viewport = await findNotifications();

    const items = await within(viewport).findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toContain('Payment Processing Error');
    expect(items[0]?.textContent).toContain('Card declined');
    expect(items[0]?.className).toContain('bg-crimson-600');
    expect(within(viewport).queryByText('Invalid Amount')).toBeNull();
    expect(viewport.querySelector('ol')?.className).toContain('md:max-w-[420px]');
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Trigger toasts={[{ title: 'Login Successful' }]} />);
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    const viewport = await findNotifications();
    await user.click(within(viewport).getByRole('button', { name: 'Close' }));
    expect(within(viewport).queryByText('Login Successful')).toBeNull();
  });

  it('keeps a dismissed toast in state until the remove delay has passed', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToastState());
    let id = '';
    act(() => {
      id = result.current.toast({ title: 'Invalid Amount' });
    });
    act(() => result.current.dismiss(id));
    expect(result.current.toasts).toEqual([expect.objectContaining({ id, open: false })]);

    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    });
    expect(result.current.toasts).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toasts).toHaveLength(0);
  });
});

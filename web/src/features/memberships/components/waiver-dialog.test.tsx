import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { WaiverSection } from './waiver-section';
import { paragraphs } from '@/test/screen-text';

function Harness() {
  const [accepted, setAccepted] = useState(false);
  return (
    <>
      <WaiverSection accepted={accepted} onAcceptedChange={setAccepted} />
      <output data-testid="accepted">{String(accepted)}</output>
    </>
  );
}

function renderWaiver() {
  const user = userEvent.setup();
  const result = renderWithProviders(<Harness />, { config: { orgName: 'Liberty Test Society' } });
  return { ...result, user };
}

type Metrics = { scrollTop?: number; scrollHeight: number; clientHeight: number };

/** happy-dom has no layout: give the agreement box its sizes by hand. */
function setMetrics(box: HTMLElement, { scrollTop = 0, scrollHeight, clientHeight }: Metrics) {
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: clientHeight });
  Object.defineProperty(box, 'scrollTop', { configurable: true, writable: true, value: scrollTop });
}

function scrollTo(box: HTMLElement, metrics: Metrics) {
  setMetrics(box, metrics);
  fireEvent.scroll(box);
}

const agreement = () => screen.getByRole('region', { name: 'Liability waiver agreement text' });
const dialog = () => screen.getByRole('dialog', { name: 'Liability Waiver and Release Agreement' });
const acceptButton = () => within(dialog()).getByRole('button', { name: /^(Scroll to Bottom First|Accept Waiver)$/ });
const waiverGroup = () => screen.getByRole('group', { name: /Liability Waiver/ });
const LONG = { scrollHeight: 2400, clientHeight: 450 };

describe('WaiverSection and WaiverDialog', () => {
  it('explains the waiver and opens a titled, described dialog with the nine sections', async () => {
    const { user } = renderWaiver();
    expect(paragraphs(waiverGroup())).toEqual([
      'Membership includes taking part in events and activities. Before you pay, please read the full liability waiver and accept it.',
      'Waiver version v1.0',
    ]);

    await user.click(screen.getByRole('button', { name: 'Read and Accept Waiver' }));
    const modal = dialog();
    expect(modal.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(modal.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Scroll to the end',
    );
    const titles = within(agreement())
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      '1. Parties',
      '2. Assumption of Risk',
      '3. Release of Liability',
      '4. Indemnification',
      '5. Medical Treatment',
      '6. Media Release',
      '7. Binding Effect and Severability',
      '8. Governing Law',
      '9. Acknowledgment',
    ]);
    expect(agreement().textContent).toContain('Liberty Test Society');
    expect(agreement().textContent).toContain('at least 18 years of age');
    expect(agreement().textContent).toContain('parent or legal guardian');
    expect(agreement().getAttribute('tabindex')).toBe('0');
    expect(agreement().style.maxHeight).toBe('450px');
  });

  it('keeps Accept disabled as "Scroll to Bottom First" until scrolled within 15 px of the end', async () => {
    const { user } = renderWaiver();
    await user.click(screen.getByRole('button', { name: 'Read and Accept Waiver' }));
    expect(acceptButton().textContent).toBe('Scroll to Bottom First');
    expect(acceptButton()).toHaveProperty('disabled', true);

    scrollTo(agreement(), { ...LONG, scrollTop: 1000 });
    expect(acceptButton().textContent).toBe('Scroll to Bottom First');
    scrollTo(agreement(), { ...LONG, scrollTop: 1934 }); // 16 px left
    expect(acceptButton()).toHaveProperty('disabled', true);

    scrollTo(agreement(), { ...LONG, scrollTop: 1935 }); // 15 px left
    expect(acceptButton().textContent).toBe('Accept Waiver');
    expect(acceptButton()).toHaveProperty('disabled', false);

    // Scrolling back up to re-read does not lock it again.
    scrollTo(agreement(), { ...LONG, scrollTop: 0 });
    expect(acceptButton()).toHaveProperty('disabled', false);
  });

  it('counts content that already fits its box (within 5 px) as read, on open and on resize', async () => {
    const { user } = renderWaiver();
    await user.click(screen.getByRole('button', { name: 'Read and Accept Waiver' }));
    setMetrics(agreement(), { scrollHeight: 460, clientHeight: 450 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(acceptButton().textContent).toBe('Scroll to Bottom First');

    setMetrics(agreement(), { scrollHeight: 455, clientHeight: 450 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(acceptButton().textContent).toBe('Accept Waiver');
  });

  it('checks the fit as soon as the dialog opens', async () => {
    const { user } = renderWaiver();
    const prototype = HTMLElement.prototype;
    const original = {
      scrollHeight: Object.getOwnPropertyDescriptor(prototype, 'scrollHeight'),
      clientHeight: Object.getOwnPropertyDescriptor(prototype, 'clientHeight'),
    };
    Object.defineProperty(prototype, 'scrollHeight', { configurable: true, get: () => 300 });
    Object.defineProperty(prototype, 'clientHeight', { configurable: true, get: () => 300 });
    try {
      await user.click(screen.getByRole('button', { name: 'Read and Accept Waiver' }));
      expect(acceptButton().textContent).toBe('Accept Waiver');
    } finally {
      for (const [key, descriptor] of Object.entries(original)) {
        if (descriptor) Object.defineProperty(prototype, key, descriptor);
        else Reflect.deleteProperty(prototype, key);
      }
    }
  });

  it('Decline closes the dialog, returns focus and resets the scrolled state', async () => {
    const { user } = renderWaiver();
    const trigger = screen.getByRole('button', { name: 'Read and Accept Waiver' });
    await user.click(trigger);
    // Focus moves into the dialog, onto the scrollable agreement, so arrow keys scroll it.
    await waitFor(() => expect(document.activeElement).toBe(agreement()));
    scrollTo(agreement(), { ...LONG, scrollTop: 1950 });
    expect(acceptButton().textContent).toBe('Accept Waiver');

    await user.click(within(dialog()).getByRole('button', { name: 'Decline' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(screen.getByTestId('accepted').textContent).toBe('false');

    await user.click(trigger);
    expect(acceptButton().textContent).toBe('Scroll to Bottom First');
    expect(acceptButton()).toHaveProperty('disabled', true);
  });

  it('traps Tab inside the dialog and closes on Escape without accepting', async () => {
    const { user } = renderWaiver();
    await user.click(screen.getByRole('button', { name: 'Read and Accept Waiver' }));
    await waitFor(() => expect(document.activeElement).toBe(agreement()));
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Decline');
    await user.tab(); // Accept is disabled, so focus wraps to the start
    expect(dialog().contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('accepted').textContent).toBe('false');
  });

  it('Accept shows "Liability waiver accepted"; "Review Again" reopens the waiver', async () => {
    const { user } = renderWaiver();
    const trigger = screen.getByRole('button', { name: 'Read and Accept Waiver' });
    await user.click(trigger);
    scrollTo(agreement(), { ...LONG, scrollTop: 1950 });
    await user.click(acceptButton());

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(paragraphs(waiverGroup())[0]).toBe('Liability waiver accepted');
    expect(screen.getByTestId('accepted').textContent).toBe('true');
    const review = screen.getByRole('button', { name: 'Review Again' });
    await waitFor(() => expect(document.activeElement).toBe(review));

    await user.click(review);
    expect(screen.queryAllByRole('dialog')).toHaveLength(1);
    expect(acceptButton().textContent).toBe('Scroll to Bottom First');

    // Declining on review withdraws the acceptance.
    await user.click(within(dialog()).getByRole('button', { name: 'Decline' }));
    expect(screen.getByTestId('accepted').textContent).toBe('false');
    expect(
      within(waiverGroup())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Read and Accept Waiver']);
  });
});

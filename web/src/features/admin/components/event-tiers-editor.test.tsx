import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type FieldErrors, type TierForm, emptyTier } from '../lib/event-form';
import { EventTiersEditor } from './event-tiers-editor';

let latest: TierForm[] = [];

function Harness({ initial, errors = {} }: { initial: TierForm[]; errors?: FieldErrors }) {
  const [tiers, setTiers] = useState(initial);
  const change = (next: TierForm[]) => {
    latest = next;
    setTiers(next);
  };
  return <EventTiersEditor tiers={tiers} onChange={change} errors={errors} />;
}

const tier = (id: string, name: string, existing: TierForm[] = []): TierForm => ({
  ...emptyTier(existing),
  id,
  name,
});

describe('EventTiersEditor', () => {
  it('adds a ticket type with labelled fields and removes it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[]} />);
    expect(document.body.textContent).toContain('No ticket types: the price above applies.');
    await user.click(screen.getByRole('button', { name: 'Add ticket type' }));
    const group = screen.getByRole('group', { name: 'Ticket type 1: ticket type 1' });
    await user.type(within(group).getByRole('textbox', { name: /^Name/ }), 'General');
    await user.type(within(group).getByRole('textbox', { name: /^Price/ }), '25.50');
    await user.type(within(group).getByRole('textbox', { name: /^Places of this type/ }), '40');
    await user.type(within(group).getByRole('textbox', { name: /^Benefits/ }), 'Seat{Enter}Lunch');
    expect(latest).toMatchObject([
      { id: 'tier-1', name: 'General', price: '25.50', capacity: '40', benefits: 'Seat\nLunch' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove General' }));
    expect(latest).toEqual([]);
  });

  it('reorders with Up and Down, which are disabled at the ends', async () => {
    const user = userEvent.setup();
    const a = tier('general', 'General');
    render(<Harness initial={[a, tier('student', 'Student', [a])]} />);
    expect(screen.getByRole('button', { name: 'Move General up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Student down' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move Student up' }));
    expect(latest.map((t) => t.id)).toEqual(['student', 'general']);
    expect(
      screen
        .getAllByRole('group', { name: /^Ticket type \d/ })
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['Ticket type 1: Student', 'Ticket type 2: General']);
  });

  it('marks one tier VIP (id vip), the former VIP taking an id of its own', async () => {
    const user = userEvent.setup();
    const a = tier('vip', 'Gold Table');
    render(<Harness initial={[a, tier('general', 'General', [a])]} />);
    const radios = screen.getAllByRole('radio', { name: 'VIP (shown as POPULAR)' });
    expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([true, false]);
    await user.click(radios[1] as HTMLElement);
    expect(latest.map((t) => t.id)).toEqual(['gold-table', 'vip']);
    expect(
      within(screen.getByRole('group', { name: /General$/ })).getByRole('textbox', { name: /^Id/ }),
    ).toHaveProperty('value', 'vip');
  });

  it('shows and announces a tier field’s error on that field', () => {
    render(
      <Harness
        initial={[tier('general', 'General')]}
        errors={{ 'pricingTiers.0.id': 'Two ticket types have the id "general"; each needs its own.' }}
      />,
    );
    const id = screen.getByRole('textbox', { name: /^Id/ });
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Two ticket types have the id "general"; each needs its own.');
    expect(id.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
  });
});

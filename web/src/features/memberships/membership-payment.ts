import type { MembershipForm } from '@pillars/contracts';
import type { CardFormPayment } from '@/lib/card-form-payment';

/** How the membership page charges a card: `pay` resolves once the monthly subscription is set up. */
export type MembershipCardPayment = CardFormPayment<MembershipForm>;

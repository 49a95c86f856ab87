import { type EventDetail, formatCents, registrationMessages } from '@pillars/contracts';
import { eventPriceShown } from '@pillars/money/rules';
import { eventsSectionTexts } from './events-section-texts';

/** User-facing texts of the events feature; product texts are verbatim (ADR 012). */
export const eventsTexts = {
  ...eventsSectionTexts,

  // Event page /events/{slug}
  notFoundTitle: 'Event Not Found',
  notFoundHint: "The event you're looking for could not be found.",
  loadingEvent: 'Loading event…',
  loadingRegistrationForm: 'Loading the registration form…',
  loadErrorHeading: 'Event Unavailable',
  loadEventError: "We couldn't load this event. Please try again later.",
  backToHome: 'Back to Home',
  backToEvents: 'Back to Events',
  backLinksLabel: 'Back links',
  aboutHeading: 'About This Event',
  detailsHeading: 'Event Details',
  dateLabel: 'Date',
  timeLabel: 'Time',
  locationLabel: 'Location',
  priceLabel: 'Price',
  free: 'Free',
  shareLabel: 'Share this event',
  cancelledBadge: 'Cancelled',
  cancelledHeading: 'This event was cancelled',
  cancelledText: 'It will not take place, and registration is closed. Registrants have been told by e-mail.',
  addToCalendar: 'Add to calendar',
  placesLabel: 'Places',

  // Registration form
  registerHeading: 'Register for This Event',
  registerIntro: 'Reserve your place. We will send the details to your email.',
  registerIntroPaid: 'Reserve your place, then pay the registration fee on the next page.',
  registrationFormLabel: 'Event registration form',
  requiredNote: 'Fields marked * are required.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  comments: 'Comments or questions (optional)',
  ticketLegend: 'Ticket type',
  popular: 'POPULAR',
  register: 'Complete Registration',
  continueToPayment: 'Continue to Payment',
  registering: 'Registering...',
  registrationFailedTitle: 'Registration Failed',
  registrationFailed: 'There was an error processing your registration. Please try again.',
  selectTier: registrationMessages.selectTier,

  // Event payment page /events/{slug}/payment/{registrationId}
  paymentNotFound: "We couldn't find the event or registration you're looking for.",
  loadingPayment: 'Loading your registration…',
  loadPaymentError: "We couldn't load your registration. Please try again later.",
  paymentEyebrow: 'Event Registration',
  paymentHeading: 'Complete Your Registration',
  backToEvent: 'Back to Event',
  summaryHeading: 'Registration Summary',
  eventLabel: 'Event',
  registrantLabel: 'Registrant',
  tierLabel: 'Ticket type',
  feeLabel: 'Registration Fee',
  paymentHeadingForm: 'Payment Information',
  paymentFormLabel: 'Event payment form',
  payerLegend: 'Your details',
  processingPayment: 'Processing Payment...',
  secureNote: 'Payments are processed securely by our card payment provider.',
  refundNote: 'Event registration fees are non-refundable unless the event is cancelled.',
  notReadyTitle: 'Payment System Not Ready',
  notReady: 'Payment system is loading. Please wait a moment and try again.',
  failureTitle: 'Payment Failed',
  failureFallback: "We couldn't process your payment. Please check your information and try again.",
  // A registration that is no longer waiting for its fee: its payment page says so instead of asking for a card.
  alreadyPaidHeading: 'Registration Already Paid',
  alreadyPaid: 'This registration has already been paid. There is nothing more to pay.',
  confirmedHeading: 'Registration Confirmed',
  confirmed: 'This registration has been confirmed. There is nothing to pay.',
  notPayableHeading: 'Payment Not Available',
  reservationExpiredHeading: 'Reservation Expired',
  notPayable: 'This registration is not awaiting payment, so it cannot be paid here.',
} as const;

/** A tier price without decimals (product rule): 4500 cents → '$45'. */
export function tierPriceLabel(cents: number): string {
  return `$${(cents / 100).toFixed(0)}`;
}

/**
 * The price on the event details card: 'Free', the direct price ('$20.00'), or for an event
 * priced by ticket type the cheapest one ('From $45'); `eventPriceShown` holds the rule.
 */
export function eventPriceLabel(event: Pick<EventDetail, 'requiresPayment' | 'price' | 'pricingTiers'>): string {
  const shown = eventPriceShown(event);
  if (shown.kind === 'free') return eventsTexts.free;
  if (shown.kind === 'exact') return `$${formatCents(shown.cents)}`;
  return `From ${tierPriceLabel(shown.cents)}`;
}

/** The accessible name of a tier's benefits list, e.g. 'VIP benefits'. */
export function tierBenefitsLabel(tierName: string): string {
  return `${tierName} benefits`;
}

/** 'Pay $45.00': the fee in cents with two decimals. */
export function payLabel(cents: number): string {
  return `Pay $${formatCents(cents)}`;
}

/** The page title of the payment page. */
export function paymentPageTitle(eventTitle: string): string {
  return `${eventsTexts.paymentHeading}: ${eventTitle}`;
}

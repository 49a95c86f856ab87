import { formatCents, membershipMessages } from '@pillars/contracts';
import { MEMBERSHIP_PRICE_CENTS } from '@pillars/money/rules';

/** "$25" for whole dollars, "$25.50" otherwise: how the spec writes the membership price. */
export function priceLabel(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${formatCents(cents)}`;
}

const PRICE = priceLabel(MEMBERSHIP_PRICE_CENTS);
/** "$25.00", as the success page and the terms show the charge. */
const PRICE_EXACT = `$${formatCents(MEMBERSHIP_PRICE_CENTS)}`;

/** User-facing texts of the membership feature; product texts are verbatim (ADR 012). */
export const membershipTexts = {
  pageTitle: 'Become a Member',
  pageDescription: `Join for ${PRICE} a month: a community of patriots, member-only resources and real impact in your community and country.`,

  heroEyebrow: 'Membership',
  heroTitle: 'Become a Member',
  heroBody: (orgName: string) =>
    `Stand with ${orgName} and a nationwide community of everyday Americans who are growing in character, conviction and service through the 7 Pillars of a Patriot.`,
  heroPrice: PRICE_EXACT,
  heroPriceUnit: 'per month',
  heroPriceNote: 'Billed monthly. Cancel anytime.',

  benefitsTitle: 'Member Benefits',
  benefits: [
    {
      id: 'community',
      title: 'A Community of Patriots',
      body: 'Connect with like-minded Americans at member gatherings, local chapters and events, and build friendships grounded in faith, freedom and shared purpose.',
    },
    {
      id: 'content',
      title: 'Premium Content',
      body: 'Get member-only articles, training guides and recorded sessions on the 7 Pillars of a Patriot, so you can keep growing as a leader at home, at work and in public life.',
    },
    {
      id: 'impact',
      title: 'Impact and Action',
      body: 'Turn conviction into action through service projects, civic engagement and mentorship. Your monthly dues fund the programs that strengthen communities across the country.',
    },
  ],

  formTitle: 'Membership Application',
  formIntro: 'Tell us about yourself, accept the liability waiver and add your card to start your membership today.',
  formLabel: 'Membership form',
  requiredNote: 'Fields marked * are required.',
  yourDetails: 'Your details',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phoneOptional: 'Phone (optional)',
  reasonOptional: 'Why do you want to join? (optional)',
  paymentMethodLegend: 'Payment method',
  cardOption: 'Credit or debit card',

  join: (orgName: string) => `Join ${orgName} - ${PRICE}/month`,
  processing: 'Processing Membership...',

  termsTitle: 'Membership terms',
  terms: `By joining, you authorize a recurring charge of ${PRICE_EXACT} to your card today and every month after that until you cancel. Your membership renews automatically each month.`,
  cancelLead: 'You can cancel anytime by contacting us by e-mail at',
  cancelOr: 'or by phone at',
  cancelEnd: '. Cancelling stops all future monthly charges.',
  secureTitle: 'Secure payment',
  secure:
    'Your card details are entered in secure fields hosted by our payment processor and are encrypted in transit. They never touch our servers.',

  waiverRequiredTitle: membershipMessages.waiverRequiredTitle,
  waiverRequiredToast: membershipMessages.waiverRequiredToast,
  notReadyTitle: 'Payment System Not Ready',
  notReady: 'Payment system is loading. Please wait a moment and try again.',
  failureTitle: 'Payment Failed',
  failureFallback: "We couldn't process your membership payment. Please check your information and try again.",
} as const;

/** Where a started membership goes. */

/** The waiver section on the page and the modal around the agreement. */
export const waiverTexts = {
  sectionTitle: 'Liability Waiver',
  explanation:
    'Membership includes taking part in events and activities. Before you pay, please read the full liability waiver and accept it.',
  version: (version: string) => `Waiver version ${version}`,
  open: 'Read and Accept Waiver',
  accepted: 'Liability waiver accepted',
  reviewAgain: 'Review Again',

  dialogTitle: 'Liability Waiver and Release Agreement',
  dialogDescription: 'Please read the whole agreement. Scroll to the end to enable the Accept button.',
  agreementLabel: 'Liability waiver agreement text',
  endReached: 'You have reached the end of the agreement. You can now accept the waiver.',
  decline: 'Decline',
  scrollFirst: 'Scroll to Bottom First',
  accept: 'Accept Waiver',
} as const;

export type WaiverSection = { title: string; paragraphs: readonly string[] };

/**
 * The agreement's nine sections, in the product's order. Plain, sober terms; the organisation
 * is named from the public config so the text follows the deployment.
 */
export function waiverSections(orgName: string): WaiverSection[] {
  return [
    {
      title: '1. Parties',
      paragraphs: [
        `This Liability Waiver and Release Agreement (the "Agreement") is made between ${orgName}, together with its directors, officers, employees, volunteers, agents and affiliated chapters (collectively, the "Organization"), and the individual applying for membership (the "Member", "I" or "me").`,
        'Membership gives me the opportunity to take part in meetings, events, training sessions, outdoor and physical activities, travel, service projects and other programs that the Organization organizes, sponsors or promotes (the "Activities"). This Agreement applies to every Activity I take part in while I am a member.',
      ],
    },
    {
      title: '2. Assumption of Risk',
      paragraphs: [
        'I understand that taking part in the Activities involves risks, including but not limited to physical exertion, travel to and from venues, weather and outdoor conditions, crowds, the condition of facilities and equipment, and the acts or omissions of other participants and third parties.',
        'These risks may lead to loss of or damage to property, illness, bodily injury, permanent disability or death. I take part voluntarily, and I knowingly accept and assume all such risks, both known and unknown, to the fullest extent permitted by law.',
      ],
    },
    {
      title: '3. Release of Liability',
      paragraphs: [
        'In return for being admitted as a member and allowed to take part in the Activities, I, for myself and for my heirs, executors, administrators and assigns, release, waive and forever discharge the Organization from any and all claims, demands, losses, damages and causes of action of any kind arising out of or related to my membership or my participation in the Activities, including claims arising from the ordinary negligence of the Organization.',
        'This release does not apply to claims arising from gross negligence or willful misconduct, or to any liability that cannot be waived under applicable law.',
      ],
    },
    {
      title: '4. Indemnification',
      paragraphs: [
        "I agree to indemnify, defend and hold harmless the Organization from any loss, liability, damage or cost, including reasonable attorneys' fees, that it may incur because of my participation in the Activities, my conduct, or my breach of this Agreement, except to the extent caused by the Organization's gross negligence or willful misconduct.",
      ],
    },
    {
      title: '5. Medical Treatment',
      paragraphs: [
        'I confirm that I am physically and medically able to take part in the Activities I choose to join, and I will not take part in any Activity my health does not allow. I am responsible for my own health insurance.',
        'If I am injured or become ill during an Activity and cannot consent myself, I authorize the Organization to arrange emergency medical treatment and transport for me. I accept responsibility for the cost of that treatment and transport. The Organization has no duty to provide medical care.',
      ],
    },
    {
      title: '6. Media Release',
      paragraphs: [
        'I grant the Organization the right, without payment to me, to photograph, film and record me during the Activities and to use my name, image, likeness and voice in its newsletters, website, social media and other educational or promotional materials.',
        'I may withdraw this permission for future uses at any time by notifying the Organization in writing. Withdrawal does not affect materials already published.',
      ],
    },
    {
      title: '7. Binding Effect and Severability',
      paragraphs: [
        'This Agreement binds me and my heirs, executors, administrators, legal representatives and assigns. It remains in effect for the whole of my membership, including any renewal, and for every Activity I take part in while I am a member.',
        'If any part of this Agreement is found invalid or unenforceable, that part will be enforced to the greatest extent permitted by law and the remaining parts stay in full force and effect.',
      ],
    },
    {
      title: '8. Governing Law',
      paragraphs: [
        'This Agreement is governed by the laws of the state in which the Organization has its principal office, without regard to its conflict-of-laws rules. Any dispute arising out of or related to this Agreement will be brought only in the state or federal courts located in that state, and I consent to their jurisdiction.',
      ],
    },
    {
      title: '9. Acknowledgment',
      paragraphs: [
        'I have read this entire Agreement and I understand its terms. I understand that by accepting it I give up substantial legal rights, including the right to sue the Organization for claims released above. I accept it freely and voluntarily, without any inducement.',
        'I confirm that I am at least 18 years of age. If I am under 18, I confirm that my parent or legal guardian has read this Agreement, agrees to its terms on my behalf and on their own behalf, and has signed it.',
        'Selecting "Accept Waiver" is my electronic signature and has the same effect as my handwritten signature on this Agreement.',
      ],
    },
  ];
}

/** The home page's membership-interest form (product texts, verbatim). */
export const interestTexts = {
  formLabel: 'Membership interest form',
  title: 'Apply for Membership',
  intro: "Not ready to pay yet? Send us your details and we'll get in touch about membership.",
  requiredNote: 'Fields marked * are required.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phoneOptional: 'Phone (optional)',
  messageOptional: 'Message (optional)',
  submit: 'Submit Application',
  submitting: 'Submitting...',
  joinNowLead: 'Ready to join today?',
  joinNowLink: `Become a member now for ${PRICE}/month`,

  successTitle: 'Membership Application Submitted',
  success: "Thank you for your interest! We'll review your application and contact you soon.",
  failureTitle: 'Submission Failed',
  failure: 'There was an error submitting your application. Please try again.',
} as const;

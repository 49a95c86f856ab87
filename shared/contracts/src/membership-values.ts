/** The version of the liability waiver a member accepts, stored with the acceptance. */
export const WAIVER_VERSION = 'v1.0';

export const membershipMessages = {
  waiverRequired: 'You must read and accept the liability waiver to proceed',
  waiverRequiredTitle: 'Waiver Required',
  waiverRequiredToast: 'You must read and accept the liability waiver before proceeding with payment.',
} as const;

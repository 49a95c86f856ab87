/** Product rule: preset contribution amounts in dollars, minimum and step. */
export const PRESET_AMOUNTS = [17.76, 25, 50, 100] as const;
export const MIN_CONTRIBUTION_DOLLARS = 1;
export const CONTRIBUTION_STEP = 0.01;

export const contributionMessages = {
  invalidAmountTitle: 'Invalid Amount',
  invalidAmount: 'Please select or enter a donation amount of at least $1.00.',
} as const;

import { zodResolver } from '@hookform/resolvers/zod';
import { MembershipForm } from '@pillars/contracts';

// Its own module so that the membership form loads it lazily, with zod, on first use
// (docs/decisions/038).
export const membershipFormResolver = zodResolver(MembershipForm);

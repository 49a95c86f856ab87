import type { LucideIcon } from 'lucide-react';
import { BookOpen, Flag, Users } from 'lucide-react';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { usePublicConfig } from '@/lib/use-public-config';
import { MembershipForm } from '../components/membership-form';
import type { MembershipCardPayment } from '../membership-payment';
import { membershipTexts } from '../memberships-texts';
import { RuledHeading } from '@/components/ui/ruled-heading';

const benefitIcons: Record<(typeof membershipTexts.benefits)[number]['id'], LucideIcon> = {
  community: Users,
  content: BookOpen,
  impact: Flag,
};

function Hero() {
  const { orgName } = usePublicConfig();
  return (
    <section aria-labelledby="membership-heading" data-surface="dark" className="hero-backdrop bg-navy-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1fr_auto] lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">{membershipTexts.heroEyebrow}</p>
          <h1 id="membership-heading" className="mt-3 font-display text-4xl font-bold sm:text-5xl lg:text-6xl">
            {membershipTexts.heroTitle}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-white/90 sm:text-xl">{membershipTexts.heroBody(orgName)}</p>
        </div>
        <p className="flex flex-col items-center justify-center rounded-2xl border-2 border-gold-400/60 bg-white/5 px-10 py-8 text-center shadow-xl">
          <span className="font-display text-5xl font-bold text-gold-300 sm:text-6xl">{membershipTexts.heroPrice}</span>
          <span className="mt-1 text-lg font-semibold">{membershipTexts.heroPriceUnit}</span>
          <span className="mt-2 text-sm text-white/85">{membershipTexts.heroPriceNote}</span>
        </p>
      </div>
    </section>
  );
}

function Benefits() {
  return (
    <section aria-labelledby="membership-benefits-heading" className="bg-cream-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <RuledHeading id="membership-benefits-heading" variant="section">
          {membershipTexts.benefitsTitle}
        </RuledHeading>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {membershipTexts.benefits.map((benefit) => {
            const Icon = benefitIcons[benefit.id];
            return (
              <li key={benefit.id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-navy-900 text-gold-400">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 font-display text-xl font-bold text-navy-900">{benefit.title}</h3>
                <p className="mt-2 text-slate-700">{benefit.body}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/**
 * /membership: hero with the price, three benefits, then the application with
 * the waiver and the card. `payment` is composed by the app from the payments feature.
 */
export function MembershipPage({ payment }: { payment: MembershipCardPayment }) {
  useDocumentMeta({ title: membershipTexts.pageTitle, description: membershipTexts.pageDescription });
  return (
    <>
      <Hero />
      <Benefits />
      <section aria-labelledby="membership-form-heading" className="bg-cream-100 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-3xl">
            <h2 id="membership-form-heading" className="font-display text-3xl font-bold text-navy-900 sm:text-4xl">
              {membershipTexts.formTitle}
            </h2>
            <p className="mt-4 text-lg text-slate-700">{membershipTexts.formIntro}</p>
          </div>
          <div className="mt-10">
            <MembershipForm payment={payment} />
          </div>
        </div>
      </section>
    </>
  );
}

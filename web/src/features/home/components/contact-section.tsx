import type { LucideIcon } from 'lucide-react';
import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { HomeSection } from '@/components/ui/home-section';
import { usePublicConfig } from '@/lib/use-public-config';
import { homeTexts } from '../home-texts';

function ContactItem({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-4 rounded-lg bg-white p-6 shadow-sm">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-navy-900 text-gold-400">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="min-w-0">
        <h3 className="font-display text-lg font-bold text-navy-900">{label}</h3>
        <div className="mt-1 break-words text-slate-700">{children}</div>
      </div>
    </li>
  );
}

const contactLink = 'rounded-sm font-semibold text-crimson-700 hover:text-crimson-800 hover:underline';

export function ContactSection() {
  const { contactEmail, contactPhone, contactAddress } = usePublicConfig();
  return (
    <HomeSection id="contact" surface="cream" texts={homeTexts.contact}>
      <ul className="grid gap-6 lg:grid-cols-3">
        <ContactItem icon={Mail} label={homeTexts.contactEmail}>
          <a href={`mailto:${contactEmail}`} className={contactLink}>
            {contactEmail}
          </a>
        </ContactItem>
        <ContactItem icon={Phone} label={homeTexts.contactPhone}>
          <a href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`} className={contactLink}>
            {contactPhone}
          </a>
        </ContactItem>
        <ContactItem icon={MapPin} label={homeTexts.contactAddress}>
          <address className="not-italic">{contactAddress}</address>
        </ContactItem>
      </ul>
    </HomeSection>
  );
}

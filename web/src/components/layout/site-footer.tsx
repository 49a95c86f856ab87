import { type LucideIcon, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { usePublicConfig } from '@/lib/use-public-config';
import { LogoMark } from './logo-mark';
import { NavItemLink } from './nav-item-link';
import { footerQuickLinks, layoutTexts } from './layout-texts';

const footerLink = 'rounded-sm text-white/85 hover:text-white hover:underline';
const footerHeading = 'font-display text-lg font-bold text-gold-300';

/** A line of the contact address: its gold icon beside the text or link. */
function ContactLine({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
      {children}
    </p>
  );
}

export function SiteFooter() {
  const { orgName, contactEmail, contactPhone, contactAddress } = usePublicConfig();
  const year = new Date().getFullYear();

  return (
    <footer data-surface="dark" className="border-t-4 border-gold-400 bg-navy-950 text-white print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-1">
          <p className="flex items-center gap-3 font-display text-xl font-bold">
            <LogoMark className="size-10 shrink-0" />
            {orgName}
          </p>
          <p className="mt-4 text-white/80">{layoutTexts.footerTagline}</p>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={footerHeading}>
            {layoutTexts.quickLinks}
          </h2>
          <ul className="mt-4 space-y-2">
            {footerQuickLinks.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className={footerLink} />
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={footerHeading}>{layoutTexts.contactUs}</h2>
          <address className="mt-4 space-y-3 text-white/85 not-italic">
            <ContactLine icon={MapPin}>
              <span>{contactAddress}</span>
            </ContactLine>
            <ContactLine icon={Mail}>
              <a href={`mailto:${contactEmail}`} className={footerLink}>
                {contactEmail}
              </a>
            </ContactLine>
            <ContactLine icon={Phone}>
              <a href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`} className={footerLink}>
                {contactPhone}
              </a>
            </ContactLine>
          </address>
        </div>

        <div>
          <h2 className={footerHeading}>{layoutTexts.legal}</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link href="/login" className={footerLink}>
                {layoutTexts.login}
              </Link>
            </li>
            <li>
              <Link href="/privacy-policy" className={footerLink}>
                {layoutTexts.privacyPolicy}
              </Link>
            </li>
            {/* Product rule: a label, not a link; there is no terms page. Smaller and dimmer than the
                links above it, so it does not read as one. */}
            <li data-plain-label="" className="cursor-default pt-1 text-sm text-white/65">
              {layoutTexts.termsOfService}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-white/75 sm:px-6 lg:px-8">
          © {year} {orgName}. {layoutTexts.rightsReserved}
        </p>
      </div>
    </footer>
  );
}

import type { ReactNode } from 'react';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { usePublicConfig } from '@/lib/use-public-config';
import { type PolicySection, policySections, privacyTexts } from './privacy-texts';

const linkClasses = 'rounded-sm font-semibold text-crimson-700 hover:text-crimson-800 hover:underline';

function RetentionTable() {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full border-collapse bg-white text-left">
        <caption className="sr-only">{privacyTexts.retentionCaption}</caption>
        <thead className="bg-navy-900 text-white">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {privacyTexts.retentionRecordHeader}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {privacyTexts.retentionPeriodHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {privacyTexts.retentionRows.map((row) => (
            <tr key={row.record} className="border-t border-slate-200">
              <th scope="row" className="px-4 py-3 font-semibold text-navy-900">
                {row.record}
              </th>
              <td className="px-4 py-3 text-slate-700">{row.period}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ContactDetails() {
  const { orgName, contactEmail, contactPhone, contactAddress } = usePublicConfig();
  const rows: Array<{ label: string; value: ReactNode }> = [
    { label: privacyTexts.contactOrganization, value: orgName },
    {
      label: privacyTexts.contactEmail,
      value: (
        <a href={`mailto:${contactEmail}`} className={linkClasses}>
          {contactEmail}
        </a>
      ),
    },
    {
      label: privacyTexts.contactPhone,
      value: (
        <a href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`} className={linkClasses}>
          {contactPhone}
        </a>
      ),
    },
    { label: privacyTexts.contactAddress, value: <address className="not-italic">{contactAddress}</address> },
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-[auto_1fr]">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="font-semibold text-navy-900">{row.label}</dt>
          <dd className="break-words text-slate-700">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Extra content some sections show between their text and their closing paragraphs. */
const sectionExtras: Record<string, ReactNode> = {
  [privacyTexts.retention.id]: <RetentionTable />,
  [privacyTexts.contact.id]: <ContactDetails />,
};

function PolicySectionView({ section }: { section: PolicySection }) {
  const headingId = `${section.id}-heading`;
  const extra = sectionExtras[section.id];
  return (
    <section id={section.id} aria-labelledby={headingId} className="scroll-mt-24">
      <h2 id={headingId} className="font-display text-2xl font-bold text-navy-900 sm:text-3xl">
        {section.title}
      </h2>
      <div className="mt-4 space-y-4">
        {section.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
        {section.items ? (
          <ul className="list-disc space-y-2 pl-6 marker:text-crimson-600">
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : null}
        {extra}
        {section.closing?.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    </section>
  );
}

/** /privacy-policy. */
export function PrivacyPolicyPage() {
  const { orgName } = usePublicConfig();
  useDocumentMeta({ title: privacyTexts.pageTitle, description: privacyTexts.pageDescription });

  return (
    <>
      {/* A div, not <header>: outside an article it would be a second banner landmark. */}
      <div data-surface="dark" className="hero-backdrop bg-navy-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">{privacyTexts.eyebrow}</p>
          <h1 className="mt-3 font-display text-4xl font-bold sm:text-5xl">{privacyTexts.title}</h1>
          <p data-testid="last-updated" className="mt-4 text-white/90">
            {privacyTexts.lastUpdatedLabel}{' '}
            <time dateTime={privacyTexts.lastUpdatedIso}>{privacyTexts.lastUpdatedDate}</time>
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <p className="text-lg leading-relaxed text-slate-700">{privacyTexts.intro(orgName)}</p>

        <nav aria-labelledby="privacy-toc-heading" className="mt-10 rounded-lg border border-slate-200 bg-white p-6">
          <h2 id="privacy-toc-heading" className="font-display text-xl font-bold text-navy-900">
            {privacyTexts.tocLabel}
          </h2>
          <ol className="mt-4 list-decimal gap-x-10 pl-6 marker:text-slate-600 sm:columns-2">
            {policySections.map((section) => (
              <li key={section.id} className="break-inside-avoid py-1">
                <a href={`#${section.id}`} className={linkClasses}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-12 space-y-12 leading-relaxed text-slate-700">
          {policySections.map((section) => (
            <PolicySectionView key={section.id} section={section} />
          ))}
        </div>
      </div>
    </>
  );
}

import { CalendarDays, UserPlus } from 'lucide-react';
import { PillarList } from '@/components/pillars/pillar-list';
import { buttonClasses } from '@/components/ui/button-styles';
import { HomeSection } from '@/components/ui/home-section';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { usePublicConfig } from '@/lib/use-public-config';
import { aboutTexts } from './about-texts';
import { RuledHeading } from '@/components/ui/ruled-heading';
import { IconLink } from '@/components/ui/icon-link';

function Paragraphs({ items }: { items: readonly string[] }) {
  return (
    <div className="max-w-3xl space-y-5 text-lg leading-relaxed text-slate-700">
      {items.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

/** The page's middle: mission, what we stand for, vision. */
const aboutSections = [
  {
    headingId: 'about-mission-heading',
    surface: 'cream-light',
    texts: aboutTexts.mission,
    content: <Paragraphs items={aboutTexts.mission.paragraphs} />,
  },
  {
    headingId: 'about-pillars-heading',
    texts: aboutTexts.pillars,
    content: <PillarList cardClassName="bg-cream-50" />,
  },
  {
    headingId: 'about-vision-heading',
    surface: 'cream',
    texts: aboutTexts.vision,
    content: <Paragraphs items={aboutTexts.vision.paragraphs} />,
  },
] as const;

/** /about: mission, what we stand for, vision, and ways to join. */
export function AboutPage() {
  const { orgName } = usePublicConfig();
  useDocumentMeta({ title: aboutTexts.pageTitle, description: aboutTexts.heroBody(orgName) });

  return (
    <>
      <section aria-labelledby="about-heading" data-surface="dark" className="hero-backdrop bg-navy-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">{aboutTexts.heroEyebrow}</p>
          <h1 id="about-heading" className="mt-3 font-display text-4xl font-bold break-words sm:text-5xl lg:text-6xl">
            {aboutTexts.heroTitle(orgName)}
          </h1>
          <p className="mt-6 max-w-3xl text-lg text-white/90 sm:text-xl">{aboutTexts.heroBody(orgName)}</p>
        </div>
      </section>

      {aboutSections.map(({ content, ...section }) => (
        <HomeSection key={section.headingId} {...section}>
          {content}
        </HomeSection>
      ))}

      <section aria-labelledby="about-join-heading" data-surface="dark" className="bg-navy-900 py-20 text-white">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <RuledHeading id="about-join-heading" variant="band">
            {aboutTexts.joinTitle}
          </RuledHeading>
          <p className="mt-5 text-lg text-white/90">{aboutTexts.joinBody}</p>
          <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
            <IconLink href="/#membership" icon={UserPlus} className={buttonClasses('primary', 'px-7 py-3 text-lg')}>
              {aboutTexts.becomeMember}
            </IconLink>
            <IconLink
              href="/#events"
              icon={CalendarDays}
              className={buttonClasses('outline-light', 'px-7 py-3 text-lg')}
            >
              {aboutTexts.attendEvent}
            </IconLink>
          </div>
        </div>
      </section>
    </>
  );
}

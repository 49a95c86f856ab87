import { BookOpen, Flag, Users } from 'lucide-react';
import { HomeSection } from '@/components/ui/home-section';
import { homeTexts } from '../home-texts';

const icons = [Flag, BookOpen, Users];

export function MissionSection() {
  return (
    <HomeSection
      headingId="mission-heading"
      surface="cream-light"
      title={homeTexts.missionTitle}
      eyebrow={homeTexts.missionEyebrow}
      intro={homeTexts.missionIntro}
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {homeTexts.missionPoints.map((point, index) => {
          const Icon = icons[index] ?? Flag;
          return (
            <li key={point.title} className="rounded-lg border-t-4 border-crimson-600 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-8 text-navy-900" />
              <h3 className="mt-4 font-display text-xl font-bold text-navy-900">{point.title}</h3>
              <p className="mt-2 text-slate-700">{point.body}</p>
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}

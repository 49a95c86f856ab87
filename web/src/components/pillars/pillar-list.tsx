import { PILLARS, type PillarId } from '@pillars/contracts';
import { BookOpen, Cross, Dumbbell, Flag, HandHelping, Handshake, type LucideIcon, Medal } from 'lucide-react';
import { cn } from '@/lib/cn';

const icons: Record<PillarId, LucideIcon> = {
  faith: Cross,
  strength: Dumbbell,
  knowledge: BookOpen,
  service: HandHelping,
  leadership: Flag,
  sacrifice: Medal,
  community: Handshake,
};

/** The 7 Pillars of a Patriot as cards, on the home and about pages alike (one list: PILLARS). */
export function PillarList({ cardClassName }: { cardClassName?: string }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {PILLARS.map((pillar) => {
        const Icon = icons[pillar.id];
        return (
          <li key={pillar.id} className={cn('rounded-lg border-t-4 border-crimson-600 p-6 shadow-sm', cardClassName)}>
            <div className="flex items-center gap-3">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-navy-900 text-gold-400">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="font-display text-xl font-bold text-navy-900">{pillar.title}</h3>
            </div>
            <p className="mt-4 text-slate-700">{pillar.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

import { HandHeart, Pause, Play, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { LogoMark } from '@/components/layout/logo-mark';
import { SectionLink } from '@/components/layout/section-link';
import { buttonClasses } from '@/components/ui/button-styles';
import { usePublicConfig } from '@/lib/use-public-config';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';
import { HERO_WORDS, HERO_WORD_INTERVAL_MS, homeTexts } from '../home-texts';
import { useRotatingWord } from '../hooks/use-rotating-word';
import { IconLink } from '@/components/ui/icon-link';

/**
 * The hero. Its word changes every 2.5 s (product rule) unless the visitor asked for reduced
 * motion, which shows the first word only; a Pause/Play button stops or restarts it either way
 * (WCAG 2.2.2: moving content that lasts over 5 s can be paused). The button is always there, so
 * the server's markup and the hydrated page have the same size (docs/decisions/039).
 */
export function HeroSection() {
  const { orgName } = usePublicConfig();
  const reducedMotion = usePrefersReducedMotion();
  /** The visitor's own choice, once they pressed the button; until then the motion preference decides. */
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reducedMotion;
  const word = useRotatingWord(HERO_WORDS, HERO_WORD_INTERVAL_MS, playing);
  const WordIcon = playing ? Pause : Play;

  return (
    <section
      aria-labelledby="hero-heading"
      data-surface="dark"
      className="hero-backdrop relative overflow-hidden bg-navy-900 text-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 sm:py-28 lg:grid-cols-[1fr_auto] lg:px-8 lg:py-32">
        <div>
          <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">{orgName}</p>
          <h1 id="hero-heading" className="mt-4 font-display text-5xl font-bold sm:text-6xl lg:text-7xl">
            {/* A word changing every 2.5 s would be re-read endlessly, so assistive tech gets one sentence. */}
            <span className="sr-only">{homeTexts.heroSpokenHeadline}</span>
            <span aria-hidden="true">
              {homeTexts.heroLead}{' '}
              <span key={word} data-testid="hero-word" className="block text-gold-400 motion-safe:animate-word-in">
                {word}
              </span>
            </span>
          </h1>
          <button
            type="button"
            onClick={() => setChoice(!playing)}
            className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white"
          >
            <WordIcon aria-hidden="true" className="size-4" />
            {playing ? homeTexts.pauseWord : homeTexts.playWord}
            <span className="sr-only">{homeTexts.wordControlSuffix}</span>
          </button>
          <p className="mt-5 max-w-2xl text-lg text-white/90 sm:text-xl">{homeTexts.heroBody(orgName)}</p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <IconLink href="/membership" icon={UserPlus} className={buttonClasses('primary', 'px-7 py-3 text-lg')}>
              {homeTexts.becomeMember}
            </IconLink>
            <SectionLink target="contribution" className={buttonClasses('outline-light', 'px-7 py-3 text-lg')}>
              <HandHeart aria-hidden="true" className="size-5" />
              {homeTexts.contributeNow}
            </SectionLink>
          </div>
        </div>
        <div aria-hidden="true" className="hidden lg:block">
          <div className="flex size-80 items-center justify-center rounded-full border-2 border-gold-400/40 bg-white/5 shadow-2xl">
            <LogoMark className="size-48 drop-shadow-xl" />
          </div>
        </div>
      </div>
    </section>
  );
}

import { usePublicConfig } from '@/lib/use-public-config';
import { layoutTexts } from './layout-texts';

/** A thin strip under the header while payments run against the sandbox or a test merchant. */
export function TestModeBanner() {
  const { payments } = usePublicConfig();
  if (!payments.testMode) return null;
  // A labelled region, so screen-reader users find it among the landmarks (axe "region" rule).
  return (
    <aside
      aria-label={layoutTexts.testModeLabel}
      className="border-b border-gold-400/60 bg-gold-300 px-4 print:hidden py-1.5 text-center text-sm font-medium text-navy-950"
    >
      <p>{layoutTexts.testModeBanner}</p>
    </aside>
  );
}

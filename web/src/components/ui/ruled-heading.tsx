import type { ReactNode } from 'react';

type RuledHeadingProps = {
  id: string;
  className: string;
  /** Where the rule sits under the heading: its margin classes. */
  ruleMargin: 'mt-3' | 'mt-4' | 'mt-5' | 'mx-auto mt-4';
  ruleWidth: 'w-12' | 'w-16';
  children: ReactNode;
};

/** An h2 over a short gold rule: how a card or band of a public page opens. */
export function RuledHeading({ id, className, ruleMargin, ruleWidth, children }: RuledHeadingProps) {
  return (
    <>
      <h2 id={id} className={className}>
        {children}
      </h2>
      <span aria-hidden="true" className={`${ruleMargin} block h-1 ${ruleWidth} rounded-full bg-gold-400`} />
    </>
  );
}

import type { ReactNode } from 'react';
import { RuledHeading } from './ruled-heading';

type SectionHeadingProps = {
  id: string;
  title: string;
  eyebrow?: string;
  children?: ReactNode;
  tone?: 'light' | 'dark';
};

/** The h2 and intro that open every home page section; `id` labels the section. */
export function SectionHeading({ id, title, eyebrow, children, tone = 'light' }: SectionHeadingProps) {
  const dark = tone === 'dark';
  return (
    <div className="max-w-3xl">
      {eyebrow ? (
        <p className={`text-sm font-semibold tracking-widest uppercase ${dark ? 'text-gold-300' : 'text-crimson-600'}`}>
          {eyebrow}
        </p>
      ) : null}
      <RuledHeading id={id} variant={dark ? 'eyebrowedDark' : 'eyebrowedLight'}>
        {title}
      </RuledHeading>
      {children ? <div className={`mt-5 text-lg ${dark ? 'text-white/85' : 'text-slate-700'}`}>{children}</div> : null}
    </div>
  );
}

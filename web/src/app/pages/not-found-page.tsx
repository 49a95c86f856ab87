import { CircleAlert, House } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button-styles';
import { useNotFoundStatus } from '@/lib/not-found-status';
import { IconLink } from '@/components/ui/icon-link';

export const notFoundTexts = {
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
  backHome: 'Back to Home',
} as const;

export function NotFoundPage() {
  useNotFoundStatus();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <CircleAlert aria-hidden="true" className="size-14 text-crimson-600" />
      <h1 className="mt-6 font-display text-3xl font-bold text-navy-900 sm:text-4xl">{notFoundTexts.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{notFoundTexts.hint}</p>
      <IconLink href="/" icon={House} className={buttonClasses('secondary', 'mt-8')}>
        {notFoundTexts.backHome}
      </IconLink>
    </div>
  );
}

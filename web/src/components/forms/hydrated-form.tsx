import type { ComponentProps } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * A form of a server-rendered page (docs/decisions/036). Its HTML arrives before its code, and
 * what a visitor typed or pressed before hydration would not reach the form's state (the amount
 * on the submit button, the validation, the card fields), so its controls stay disabled until the
 * page is hydrated. They keep their usual look meanwhile (`data-hydrating`, styles.css): the
 * moment is short, and a form fading in and out would be worse. The fieldset has
 * `display: contents`, so the form lays out as without it.
 */
export function HydratedForm({ children, ...props }: ComponentProps<'form'>) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} data-hydrating={hydrated ? undefined : ''} className="contents">
        {children}
      </fieldset>
    </form>
  );
}

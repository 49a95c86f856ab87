import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline-light' | 'ghost-light';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-crimson-600 text-white shadow-sm hover:bg-crimson-700',
  secondary: 'bg-navy-900 text-white shadow-sm hover:bg-navy-800',
  'outline-light': 'border-2 border-gold-400 text-white hover:bg-white/10',
  'ghost-light': 'text-white hover:bg-white/10',
};

/** Shared look of buttons and button-like links, so a link to a page reads like a call to action. */
export function buttonClasses(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(base, variants[variant], className);
}

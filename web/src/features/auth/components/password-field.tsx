import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { FieldShell, fieldErrorAria } from '@/components/ui/field-shell';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import type { PasswordToggleTexts } from '../auth-texts';

type PasswordFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  id: string;
  label: string;
  /** The names of the show/hide button in its two states. */
  toggle: PasswordToggleTexts;
  /** The validation message; marks the input invalid and is announced. */
  error?: string;
};

/**
 * A labelled password input (the TextField pattern) with a button that shows or hides what was
 * typed; `required` adds a visual asterisk (the attribute gives its meaning).
 */
export function PasswordField({ id, label, toggle, error, required, className, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <FieldShell id={id} label={label} required={required} error={error} className={className}>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          required={required}
          {...fieldErrorAria(id, error)}
          // Browsers must not offer to correct or capitalise a password shown in clear.
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={cn(inputClasses, 'pr-12')}
          {...input}
        />
        <button
          type="button"
          aria-label={visible ? toggle.hide : toggle.show}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-0 right-0 mt-1 inline-flex w-11 items-center justify-center rounded-r-md text-slate-600 hover:text-navy-900"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      </div>
    </FieldShell>
  );
}

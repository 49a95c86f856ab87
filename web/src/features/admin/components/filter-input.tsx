import type { ComponentProps } from 'react';
import { fieldClasses } from './admin-styles';
import { FieldLabel } from './field-label';

type FilterInputProps = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'className'> & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/** A labelled input of a filter or search form, as wide as its grid cell allows. */
export function FilterInput({ id, label, value, onChange, ...input }: FilterInputProps) {
  return (
    <div className="min-w-0">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={fieldClasses}
        {...input}
      />
    </div>
  );
}

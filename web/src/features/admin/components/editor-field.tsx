import type { ReactNode } from 'react';
import { FieldShell } from '@/components/ui/field-shell';
import { fieldClasses } from './admin-styles';

type Common = {
  id: string;
  label: string;
  /** Shown and announced under the field, which is marked invalid. */
  error?: string | undefined;
  /** A line under the label, e.g. the unit or the zone. */
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
};

type EditorFieldProps = Common &
  (
    | { multiline?: false; type?: 'text' | 'url' | 'datetime-local'; inputMode?: 'decimal' | 'numeric' }
    | { multiline: true; rows?: number }
  );

/** A labelled input or textarea of the admin editors, its hint and error tied to it. */
export function EditorField(props: EditorFieldProps) {
  const { id, label, error, hint, value, onChange, required } = props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: fieldClasses,
  } as const;
  return (
    <FieldShell id={id} label={label} required={required} error={error} className="min-w-0">
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {props.multiline ? (
        <textarea {...shared} rows={props.rows ?? 4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...shared}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

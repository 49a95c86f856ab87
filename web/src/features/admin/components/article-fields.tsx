import { type ReactNode, useId } from 'react';
import { adminNewsTexts } from '../admin-news-texts';
import { PUBLISH_TIME_ZONE } from '../lib/publish-time';
import { fieldClasses } from './admin-styles';
import { FieldLabel } from './field-label';

/** A labelled field of the news editor, its hint and its error tied to it. */
export function TextField({
  label,
  hint,
  error,
  multiline,
  value,
  onChange,
  rows,
  type,
}: {
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  multiline?: boolean;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  type?: 'text' | 'datetime-local';
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: fieldClasses,
  } as const;
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {multiline ? (
        <textarea {...common} rows={rows ?? 4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-crimson-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** When the article goes live, in New York time; empty publishes it now. */
export function PublishedAtField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={adminNewsTexts.publishedAtLabel}
      type="datetime-local"
      value={value}
      error={error}
      hint={adminNewsTexts.publishedAtHint(PUBLISH_TIME_ZONE)}
      onChange={onChange}
    />
  );
}

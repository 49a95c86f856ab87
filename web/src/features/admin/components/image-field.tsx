import { useId } from 'react';
import { fieldClasses } from './admin-styles';

/** An article's or event's image: where it is, and the text that stands in for it. */
export interface ImageValue {
  url: string;
  alt: string;
}

export interface ImageFieldProps {
  /** The field's visible name, e.g. "Image". */
  label: string;
  value: ImageValue;
  onChange: (value: ImageValue) => void;
  /** A message about the image (e.g. the alt text is missing), shown and announced under the fields. */
  error?: string | undefined;
}

/**
 * The image of an article or event in the admin editors: an address and its alt text, which is
 * required whenever there is an image. The editors use only this component's props, so the way
 * an image is chosen (an address, an upload) stays here.
 */
export function ImageField({ label, value, onChange, error }: ImageFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-navy-900">{label}</legend>
      <div>
        <label htmlFor={`${id}-url`} className="text-sm text-navy-900">
          Image address
        </label>
        <input
          id={`${id}-url`}
          type="url"
          value={value.url}
          onChange={(event) => onChange({ ...value, url: event.target.value })}
          className={fieldClasses}
        />
      </div>
      <div>
        <label htmlFor={`${id}-alt`} className="text-sm text-navy-900">
          Alt text (describes the image for people who cannot see it)
        </label>
        <input
          id={`${id}-alt`}
          value={value.alt}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange({ ...value, alt: event.target.value })}
          className={fieldClasses}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-crimson-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

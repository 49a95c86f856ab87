import { MEDIA_ACCEPTED_TYPES, MEDIA_MAX_BYTES, mediaMessages } from '@pillars/contracts';
import { type DragEvent, useId, useRef, useState } from 'react';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { apiErrorMessage } from '@/lib/api-error-message';
import { uploadMedia } from '../api/upload-media';
import { fieldClasses, smallButton } from './admin-styles';

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

export const imageFieldTexts = {
  upload: 'Upload an image',
  uploadHint: 'JPEG, PNG, WebP or AVIF, 10 MB at most. You can also drop a file here.',
  uploading: 'Uploading the image…',
  uploaded: 'Image uploaded.',
  remove: 'Remove image',
  orAddress: 'or paste an image address',
  address: 'Image address',
  alt: 'Alt text (describes the image for people who cannot see it)',
  preview: 'Preview of the image',
  failed: 'The image could not be uploaded. Try again.',
} as const;

const ACCEPTED: readonly string[] = MEDIA_ACCEPTED_TYPES;

/**
 * What the browser can tell before sending: the size, and the type it claims. The server checks the
 * content itself (docs/decisions/023); this only spares a pointless upload.
 */
export function precheck(file: File): string | null {
  if (file.type && !ACCEPTED.includes(file.type)) return mediaMessages.unsupportedType;
  if (file.size > MEDIA_MAX_BYTES) return mediaMessages.tooLarge;
  return null;
}

/**
 * The image of an article or event in the admin editors: uploaded (or given by address) and its alt
 * text, which is required whenever there is an image. The editors use only this component's props,
 * so the way an image is chosen stays here.
 */
export function ImageField({ label, value, onChange, error }: ImageFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const uploadErrorId = `${id}-upload-error`;
  const hintId = `${id}-hint`;
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function upload(file: File) {
    const refused = precheck(file);
    setUploadError(refused);
    if (refused) return;
    setBusy(true);
    setStatus(imageFieldTexts.uploading);
    try {
      const uploaded = await uploadMedia(file);
      onChange({ ...value, url: uploaded.url });
      setStatus(imageFieldTexts.uploaded);
    } catch (failure) {
      setStatus('');
      setUploadError(apiErrorMessage(failure) ?? imageFieldTexts.failed);
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) void upload(file);
  }

  const describedBy = [error ? errorId : null, uploadError ? uploadErrorId : null].filter(Boolean).join(' ');
  return (
    <fieldset className="space-y-3" aria-describedby={describedBy || undefined} aria-busy={busy || undefined}>
      <legend className="text-sm font-semibold text-navy-900">{label}</legend>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-md border-2 border-dashed p-3 ${dragging ? 'border-navy-900 bg-navy-50' : 'border-slate-300'}`}
      >
        {value.url ? (
          <div className="mb-3 max-w-sm">
            <ResponsiveImage
              src={value.url}
              alt={value.alt || imageFieldTexts.preview}
              width={640}
              height={360}
              sizes="24rem"
              className="aspect-video w-full rounded bg-navy-100 object-cover"
            />
          </div>
        ) : null}
        <label htmlFor={`${id}-file`} className="text-sm text-navy-900">
          {imageFieldTexts.upload}
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED.join(',')}
          disabled={busy}
          aria-describedby={hintId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
          className="mt-1 block w-full text-sm text-navy-900 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
        />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {imageFieldTexts.uploadHint}
        </p>
        <p role="status" className="mt-1 text-sm text-navy-900">
          {status}
        </p>
        {uploadError ? (
          <p id={uploadErrorId} role="alert" className="mt-1 text-sm text-crimson-700">
            {uploadError}
          </p>
        ) : null}
        {value.url ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              onChange({ url: '', alt: '' });
              setStatus('');
            }}
            className={smallButton('outline', 'mt-2')}
          >
            {imageFieldTexts.remove}
          </button>
        ) : null}
      </div>
      <div>
        <p className="text-sm text-slate-600">{imageFieldTexts.orAddress}</p>
        <label htmlFor={`${id}-url`} className="text-sm text-navy-900">
          {imageFieldTexts.address}
        </label>
        <input
          id={`${id}-url`}
          type="url"
          value={value.url}
          disabled={busy}
          onChange={(event) => onChange({ ...value, url: event.target.value })}
          className={fieldClasses}
        />
      </div>
      <div>
        <label htmlFor={`${id}-alt`} className="text-sm text-navy-900">
          {imageFieldTexts.alt}
        </label>
        <input
          id={`${id}-alt`}
          value={value.alt}
          aria-required={value.url !== ''}
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

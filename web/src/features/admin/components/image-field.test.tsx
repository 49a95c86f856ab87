import { mediaMessages } from '@pillars/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import { type ImageValue, ImageField, imageFieldTexts } from './image-field';

const id = '0b6f5a2e-3c1d-4e8f-9a7b-123456789abc';
const uploaded = {
  success: true,
  data: {
    id,
    url: `/media/${id}/960x720.webp`,
    width: 960,
    height: 720,
    srcset: `/media/${id}/480x360.webp 480w, /media/${id}/960x720.webp 960w`,
    variants: [{ url: `/media/${id}/960x720.webp`, width: 960, height: 720, format: 'webp' }],
    ogImageUrl: `/media/${id}/og.jpg`,
  },
};

function Harness({ initial = { url: '', alt: '' } }: { initial?: ImageValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ImageField label="Image" value={value} onChange={setValue} />
      <pre data-testid="value">{JSON.stringify(value)}</pre>
    </>
  );
}

const pick = (file: File) =>
  fireEvent.change(screen.getByLabelText(imageFieldTexts.upload), { target: { files: [file] } });
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as ImageValue;

afterEach(() => vi.unstubAllGlobals());

describe('ImageField', () => {
  it('uploads a picked image, announces it, shows it and keeps its address', async () => {
    const fetchMock = stubFetch({ '/api/admin/media': json(uploaded, 201) });
    render(<Harness />);
    pick(new File(['jpeg bytes'], 'flag.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(imageFieldTexts.uploaded));
    expect(value().url).toBe(`/media/${id}/960x720.webp`);
    expect(screen.getByRole('img', { name: imageFieldTexts.preview }).getAttribute('width')).toBe('960');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeInstanceOf(FormData);
  });

  it('is busy while the upload runs', async () => {
    stubFetch({ '/api/admin/media': pending });
    render(<Harness />);
    pick(new File(['jpeg bytes'], 'flag.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(imageFieldTexts.uploading));
    expect(screen.getByRole('group', { name: 'Image' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByLabelText(imageFieldTexts.upload)).toHaveProperty('disabled', true);
  });

  it('refuses a non-image and an oversized file before sending them', () => {
    const fetchMock = stubFetch({});
    render(<Harness />);
    pick(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert').textContent).toBe(mediaMessages.unsupportedType);
    pick(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('alert').textContent).toBe(mediaMessages.tooLarge);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal', async () => {
    stubFetch({
      '/api/admin/media': json({ error: mediaMessages.unsupportedType, code: 'UNSUPPORTED_MEDIA_TYPE' }, 415),
    });
    render(<Harness />);
    pick(new File(['text'], 'photo.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(mediaMessages.unsupportedType));
    expect(value().url).toBe('');
  });

  it('removes the image with its alt text, and takes a pasted address', () => {
    render(<Harness initial={{ url: '/images/news/flag.svg', alt: 'A flag' }} />);
    expect(screen.getByRole('img', { name: 'A flag' }).getAttribute('src')).toBe('/images/news/flag.svg');
    expect(screen.getByLabelText(imageFieldTexts.alt).getAttribute('aria-required')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: imageFieldTexts.remove }));
    expect(value()).toEqual({ url: '', alt: '' });
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.change(screen.getByLabelText(imageFieldTexts.address), {
      target: { value: 'https://example.org/a.png' },
    });
    expect(value().url).toBe('https://example.org/a.png');
  });
});

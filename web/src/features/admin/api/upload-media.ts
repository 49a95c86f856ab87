import { MediaUploaded } from '@pillars/contracts';
import { ApiRequestError } from '@/lib/api';

/**
 * POST /api/admin/media: the image as multipart form data (the browser sets the boundary). The
 * answer's `url` is what an article or event keeps as its image address.
 */
export async function uploadMedia(file: File, signal?: AbortSignal): Promise<MediaUploaded['data']> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/admin/media', {
    method: 'POST',
    body: form,
    credentials: 'include',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new ApiRequestError(response.status, await response.text(), response.statusText);
  return MediaUploaded.parse(await response.json()).data;
}

import { screen, within } from '@testing-library/react';

/**
 * The toast viewport; it mounts with the first toast (its code loads lazily), so it is awaited, for
 * longer than testing-library's default second: the first test of a file to toast waits for that
 * module to be transformed, which on a loaded machine takes more than a second.
 */
export function findNotifications(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: /Notifications/ }, { timeout: 5000 });
}

/** Waits for the toast titled `title` and returns the toast's whole text (title and description). */
export async function findToast(title: string): Promise<string> {
  const toast = await within(await findNotifications()).findByText(title);
  return toast.parentElement?.textContent ?? '';
}

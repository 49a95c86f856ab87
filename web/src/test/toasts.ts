import { screen, within } from '@testing-library/react';

/** The toast viewport; it mounts with the first toast (its code loads lazily), so it is awaited. */
export function findNotifications(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: /Notifications/ });
}

/** Waits for the toast titled `title` and returns the toast's whole text (title and description). */
export async function findToast(title: string): Promise<string> {
  const toast = await within(await findNotifications()).findByText(title);
  return toast.parentElement?.textContent ?? '';
}

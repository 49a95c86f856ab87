import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Waits until the page's one h1 reads `text` (a loading state's heading may come first). */
export function expectH1(text: string): Promise<void> {
  return waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(text));
}

/** The text of the element `element` points to with aria-describedby ('' when it points nowhere). */
export function describedText(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** Whether the button can be pressed: a person sees it and may use it. */
export function isEnabled(button: HTMLElement): boolean {
  return !button.hasAttribute('disabled') && button.getAttribute('aria-disabled') !== 'true';
}

/** The text of every paragraph in `container`, in order: what a person reads, one entry a paragraph. */
export function paragraphs(container: ParentNode = document.body): string[] {
  return Array.from(container.querySelectorAll('p'), (p) => p.textContent ?? '');
}

/** The text of every cell of a table, row by row (header and body). */
export function tableCells(table: HTMLElement): string[][] {
  return Array.from(table.querySelectorAll('tr'), (row) => Array.from(row.children, (cell) => cell.textContent ?? ''));
}

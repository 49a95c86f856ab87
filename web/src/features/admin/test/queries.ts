import { within } from '@testing-library/react';

/**
 * What a labelled figure reads: the text of the element after `label` inside `container` (a description
 * list's dd after its dt, a summary card's figure after its caption).
 */
export function valueAfter(container: HTMLElement, label: string): string | null | undefined {
  return within(container).getByText(label).nextElementSibling?.textContent;
}

/** What each labelled figure in `container` reads, by label: one object to compare with what the page should show. */
export function valuesAfter(
  container: HTMLElement,
  labels: readonly string[],
): Record<string, string | null | undefined> {
  return Object.fromEntries(labels.map((label) => [label, valueAfter(container, label)]));
}

/** The on-screen text of every option of `select`, in order. */
export function optionTexts(select: HTMLElement): (string | null)[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

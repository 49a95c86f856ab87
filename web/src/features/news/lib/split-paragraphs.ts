/** Product rule: an article body is split into paragraphs on blank lines. */
const BLANK_LINE = /\n\s*\n/;

/** The paragraphs of a text, trimmed, without empty ones. */
export function splitParagraphs(content: string): string[] {
  return content
    .split(BLANK_LINE)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

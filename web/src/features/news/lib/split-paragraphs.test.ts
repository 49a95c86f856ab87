import { describe, expect, it } from 'vitest';
import { splitParagraphs } from './split-paragraphs';

describe('splitParagraphs', () => {
  it('splits on blank lines, including lines holding only spaces and Windows line ends', () => {
    expect(splitParagraphs('First.\n\nSecond.\n   \nThird.\r\n\r\nFourth.')).toEqual([
      'First.',
      'Second.',
      'Third.',
      'Fourth.',
    ]);
  });

  it('keeps single line breaks inside a paragraph', () => {
    expect(splitParagraphs('Line one\nline two\n\nNext')).toEqual(['Line one\nline two', 'Next']);
  });

  it('trims paragraphs and drops empty ones', () => {
    expect(splitParagraphs('\n\n  Only one.  \n\n\n\n')).toEqual(['Only one.']);
    expect(splitParagraphs('')).toEqual([]);
    expect(splitParagraphs(' \n \n ')).toEqual([]);
  });
});

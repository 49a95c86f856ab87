import { describe, expect, it } from 'vitest';
import { OutputTail } from './output-tail';

describe('OutputTail', () => {
  it('keeps the last lines of both streams, joining lines split across chunks', () => {
    const tail = new OutputTail(3);
    tail.push('stdout', 'one\ntw');
    tail.push('stderr', 'Error: listen EADDRINUSE\n');
    tail.push('stdout', 'o\nthree\n\nfour');
    expect(tail.lines()).toEqual(['two', 'three', 'four']);
  });

  it('keeps an unfinished line of each stream apart', () => {
    const tail = new OutputTail();
    tail.push('stdout', '{"msg":"starting"');
    tail.push('stderr', 'node:events:497');
    expect(tail.lines()).toEqual(['{"msg":"starting"', 'node:events:497']);
  });
});

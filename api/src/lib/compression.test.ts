import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type ContentCoding, compressingStream, preferredCoding } from './compression';

describe('preferredCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['GZIP', 'gzip'],
  ] as const)('%s → %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

/** Decodes what has arrived so far of a flushed, unfinished stream. */
function decodeSoFar(coding: ContentCoding, bytes: Buffer): string {
  return (
    coding === 'br'
      ? brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH })
      : gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH })
  ).toString();
}

describe('compressingStream', () => {
  it.each(['br', 'gzip'] as const)('sends each chunk before the next one is written (%s)', async (coding) => {
    const { readable, writable } = compressingStream(coding);
    const writer = writable.getWriter();
    const reader = readable.getReader();
    const received: Buffer[] = [];
    const readUntil = async (text: string) => {
      while (!decodeSoFar(coding, Buffer.concat(received)).includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${text}`);
        received.push(Buffer.from(value));
      }
    };

    void writer.write(new TextEncoder().encode('<main>the shell</main>'));
    // The second chunk is not written yet: what arrived decodes to the first one alone.
    await readUntil('the shell');
    void writer.write(new TextEncoder().encode('<section>the data</section>'));
    await readUntil('the data');
    void writer.close();
    for (let next = await reader.read(); !next.done; next = await reader.read()) received.push(Buffer.from(next.value));

    const whole = coding === 'br' ? brotliDecompressSync(Buffer.concat(received)) : gunzipSync(Buffer.concat(received));
    expect(whole.toString()).toBe('<main>the shell</main><section>the data</section>');
  });

  it.each(['br', 'gzip'] as const)('stops quietly when the client goes away mid-answer (%s)', async (coding) => {
    // The compressor's late output, enqueued into a cancelled stream, threw from an event handler:
    // an uncaught exception, which ends the API process.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      let cancelled = false;
      let row = 0;
      const answer = new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new TextEncoder().encode(`<p>row ${row++}</p>`.repeat(500)));
        },
        cancel() {
          cancelled = true;
        },
      });
      const reader = answer.pipeThrough(compressingStream(coding)).getReader();
      await reader.read();
      await reader.cancel();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(cancelled).toBe(true);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});

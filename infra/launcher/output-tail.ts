/**
 * The last lines a service wrote, stdout and stderr together, kept so that a service that fails to
 * start can be shown with its own last words after the launcher's report (docs/decisions/030).
 */
export class OutputTail {
  private readonly kept: string[] = [];
  /** A line not yet ended, per stream: chunks split lines anywhere. */
  private readonly partial = new Map<string, string>();

  constructor(private readonly size = 20) {}

  push(stream: 'stdout' | 'stderr', chunk: string): void {
    const parts = ((this.partial.get(stream) ?? '') + chunk).split('\n');
    this.partial.set(stream, parts.pop() ?? '');
    for (const line of parts) if (line.trim()) this.kept.push(line);
    if (this.kept.length > this.size) this.kept.splice(0, this.kept.length - this.size);
  }

  /** The kept lines, oldest first, with any unfinished line at the end. */
  lines(): string[] {
    const unfinished = [...this.partial.values()].filter((line) => line.trim());
    return [...this.kept, ...unfinished].slice(-this.size);
  }
}

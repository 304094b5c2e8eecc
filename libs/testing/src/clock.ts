/** A clock tests can set and move; the api takes a clock so time is an input, never read behind a test's back. */
export class FixedClock {
  constructor(private current: Date = new Date('2026-11-22T09:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(iso: string): void {
    this.current = new Date(iso);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

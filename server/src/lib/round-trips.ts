/**
 * One round trip at a time for callers that only need "one that started after I asked": a call
 * while one runs waits for the next, which starts when it ends and serves every caller that came
 * meanwhile. The session and reply caches use it to learn that every change committed before a
 * request has been heard (Listening.sync), with one round trip for many requests.
 */
export class SharedRoundTrip {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly trip: () => Promise<void>) {}

  run(): Promise<void> {
    if (!this.running) return this.start();
    this.queued ??= this.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<void> {
    const p: Promise<void> = this.trip().finally(() => {
      if (this.running === p) this.running = null;
    });
    this.running = p;
    return p;
  }
}

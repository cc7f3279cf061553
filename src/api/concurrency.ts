/** A counting semaphore: at most `limit` requests in flight; waiters are served in order. */
export class Semaphore {
  readonly #limit: number;
  #active = 0;
  #waiters: (() => void)[] = [];

  constructor(limit: number) {
    if (!(limit >= 1)) throw new RangeError('maxInFlight must be at least 1');
    this.#limit = Math.floor(limit);
  }

  async acquire(): Promise<void> {
    if (this.#active < this.#limit) {
      this.#active++;
      return;
    }
    // the releasing caller hands its slot over directly, so #active stays counted
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#active--;
  }

  get active(): number {
    return this.#active;
  }
}

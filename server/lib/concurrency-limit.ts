/**
 * At most `max` pieces of work in flight at once in this process; one more is refused at once
 * with `whenFull()` instead of waiting in a queue that could grow without bound. It guards a
 * resource of this instance (sockets to a slow provider, memory), so it is deliberately not
 * shared between instances: each instance protects itself.
 */
export function createConcurrencyLimit(max: number, whenFull: () => Error) {
  let active = 0;
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active >= max) throw whenFull();
      active += 1;
      try {
        return await work();
      } finally {
        active -= 1;
      }
    },
    get active() {
      return active;
    },
  };
}

export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>;

/**
 * At most `width` pieces of work per key in flight at once in this process; the others wait
 * their turn in arrival order. Not a limit between instances: it only keeps this instance from
 * queueing on one thing in PostgreSQL when it can as well queue here.
 */
export function createKeyedQueue(width: number) {
  const lanes = new Map<string, { active: number; waiting: (() => void)[] }>();
  return {
    async run<T>(key: string, work: () => Promise<T>): Promise<T> {
      let lane = lanes.get(key);
      if (!lane) lanes.set(key, (lane = { active: 0, waiting: [] }));
      if (lane.active < width) lane.active += 1;
      else await new Promise<void>((resolve) => lane.waiting.push(resolve));
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in line; the lane goes when nobody needs it.
        const next = lane.waiting.shift();
        if (next) next();
        else if (--lane.active === 0) lanes.delete(key);
      }
    },
  };
}

// Group commit for hot paths: calls made in the same turn of the event loop are gathered and run
// as one call (one statement or transaction instead of one each), then each caller gets its own
// answer. At low load a batch is a single call and adds no wait (it runs on the next setImmediate);
// under load, the requests that arrived together share the database round trips.

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Wraps `run`, which must answer with one result per item, in order. A failure of the whole batch
 * fails every caller in it (each then handles it as it would its own failure).
 */
export function batched<I, O>(
  run: (items: I[]) => Promise<O[]>,
  maxSize = 100,
): (item: I) => Promise<O> {
  let pending: Waiting<I, O>[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    run(batch.map((w) => w.item)).then(
      (results) => {
        if (results.length !== batch.length) {
          const error = new Error(`batch answered ${results.length} of ${batch.length}`);
          for (const w of batch) w.reject(error);
          return;
        }
        batch.forEach((w, i) => w.resolve(results[i] as O));
      },
      (error: unknown) => {
        for (const w of batch) w.reject(error);
      },
    );
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (pending.length >= maxSize) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

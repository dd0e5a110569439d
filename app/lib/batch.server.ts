// Group commit for hot paths: calls are gathered and run as one call (one statement or transaction
// instead of one each), then each caller gets its own answer. A batch starts on the next turn of the
// event loop, and one batch of a kind runs at a time: at low load a batch is a single call and
// adds no wait, and under load the calls that arrive while a batch is running wait for it and go
// together in the next, so batches grow with the load instead of the number of statements (two at
// a time measured slower on two cores; ADR 016).

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
  maxSize = 200,
): (item: I) => Promise<O> {
  let pending: Waiting<I, O>[] = [];
  let scheduled = false;
  let running = false;

  const schedule = () => {
    if (scheduled || pending.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  const settle = (batch: Waiting<I, O>[], results: O[]) => {
    if (results.length !== batch.length) {
      const error = new Error(`batch answered ${results.length} of ${batch.length}`);
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i] as O));
  };

  function flush() {
    scheduled = false;
    if (running || pending.length === 0) return;
    const batch = pending.length <= maxSize ? pending : pending.slice(0, maxSize);
    pending = batch === pending ? [] : pending.slice(maxSize);
    running = true;
    let call: Promise<O[]>;
    try {
      call = run(batch.map((w) => w.item));
    } catch (error) {
      call = Promise.reject(error);
    }
    call
      .then(
        (results) => settle(batch, results),
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      )
      .finally(() => {
        running = false;
        schedule();
      });
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      schedule();
    });
}

// Reads asked for more than once while answering one page: the root's, a layout's and the page's
// loaders run side by side for the same GET and each wants the signed-in member's profile (and
// some their subscription). Inside `withRequestMemo` (server/app.ts runs every GET page request in
// one) the first read answers them all; everywhere else (actions, jobs, a test calling a use-case)
// every call reads afresh. Only for GET: an action may change what a later read should see.
import { AsyncLocalStorage } from "node:async_hooks";

const store = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs one request's answer with its own memo. */
export function withRequestMemo<T>(answer: () => T): T {
  return store.run(new Map(), answer);
}

/** This request's answer of `read` under `key`, read once; a failed read is not kept. */
export function memoForRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const memo = store.getStore();
  if (!memo) return read();
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    memo.set(key, answer);
    answer.catch(() => memo.delete(key));
  }
  return answer;
}

/** Keeps a value already read (by a wider query) for this request's later asks under `key`. */
export function rememberForRequest<T>(key: string, value: T): void {
  store.getStore()?.set(key, Promise.resolve(value));
}

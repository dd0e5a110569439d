import { describe, expect, it } from "vitest";
import { memoForRequest, rememberForRequest, withRequestMemo } from "./request-memo.server.ts";

describe("one read per page request", () => {
  it("answers every ask under one key with the first read inside a request", async () => {
    let reads = 0;
    const read = async () => ({ n: ++reads });
    const [a, b] = await withRequestMemo(() =>
      Promise.all([memoForRequest("k", read), memoForRequest("k", read)]),
    );
    expect(reads).toBe(1);
    expect(a).toBe(b);
    // Another request reads afresh.
    const c = await withRequestMemo(() => memoForRequest("k", read));
    expect(c).toEqual({ n: 2 });
  });

  it("reads every time outside a request (actions, jobs, use-cases called directly)", async () => {
    let reads = 0;
    const read = async () => ++reads;
    await memoForRequest("k", read);
    await memoForRequest("k", read);
    expect(reads).toBe(2);
    rememberForRequest("k", 99);
    expect(await memoForRequest("k", read)).toBe(3);
  });

  it("keeps a value read by a wider query, and forgets a failed read", async () => {
    await withRequestMemo(async () => {
      rememberForRequest("profile", { name: "Aroha" });
      expect(await memoForRequest("profile", async () => ({ name: "read" }))).toEqual({
        name: "Aroha",
      });
      await expect(
        memoForRequest("flaky", async () => Promise.reject(new Error("down"))),
      ).rejects.toThrow("down");
      expect(await memoForRequest("flaky", async () => "up")).toBe("up");
    });
  });
});

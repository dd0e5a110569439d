import { expect, test } from "vitest";
import {
  clearUserData,
  mergeUserData,
  readUserData,
  updateUserData,
  USER_DATA_KEY,
} from "./user-data.ts";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

test("updates merge address and growing space field by field and stamp lastUpdated", () => {
  const first = mergeUserData(null, { address: { city: "Nelson" } }, new Date("2026-01-01"));
  const second = mergeUserData(
    first,
    { address: { zip: "7010" }, growingSpace: { kind: "balcony" } },
    new Date("2026-02-01"),
  );
  expect(second).toEqual({
    lastUpdated: "2026-02-01T00:00:00.000Z",
    address: { city: "Nelson", zip: "7010" },
    growingSpace: { kind: "balcony" },
  });
});

test("stored under userData; clear leaves only lastUpdated and removes the copy", () => {
  const storage = memoryStorage();
  updateUserData({ growingSpace: { sizeM2: 2 } }, storage);
  updateUserData({ growingSpace: { sunHours: "6+" } }, storage);
  expect(readUserData(storage)?.growingSpace).toEqual({ sizeM2: 2, sunHours: "6+" });
  const cleared = clearUserData(storage);
  expect(Object.keys(cleared)).toEqual(["lastUpdated"]);
  expect(storage.getItem(USER_DATA_KEY)).toBeNull();
});

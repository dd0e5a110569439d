// Issue 39 §8: the subscription's address fills the profile's region and town, keeping what the
// member typed there themselves.
import { expect, test } from "vitest";
import { insertMember } from "#tests/factories/members.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { getProfile } from "./get-profile.server.ts";
import { fillAddressGaps, saveAddress } from "./update-profile.server.ts";

testServices();

const delivery = {
  street: "12 Kowhai Road",
  suburb: "Roslyn",
  city: "Dunedin",
  state: "Otago",
  zip: "9010",
};

test("an empty profile address takes the subscription's, and its climate zone follows", async () => {
  const userId = await insertMember({ name: "Aroha Ngata" });
  const before = await getProfile(userId);
  expect(await fillAddressGaps(userId, delivery)).toBe(true);
  const after = await getProfile(userId);
  expect(after.address).toMatchObject({
    street: "12 Kowhai Road",
    suburb: "Roslyn",
    city: "Dunedin",
    region: "Otago",
    state: "Otago",
    zip: "9010",
    country: "New Zealand",
  });
  expect(after.climateZone).not.toBe(before.climateZone);
  // Filled once: nothing more to do.
  expect(await fillAddressGaps(userId, { ...delivery, city: "Queenstown" })).toBe(false);
  expect((await getProfile(userId)).address.city).toBe("Dunedin");
});

test("what the member typed into their profile is kept; only the gaps are filled", async () => {
  const userId = await insertMember({ name: "Mere Tane" });
  expect(
    await saveAddress({
      userId,
      input: {
        street: "",
        suburb: "",
        city: "",
        region: "Canterbury",
        zip: "",
        country: "New Zealand",
      },
    }),
  ).toMatchObject({ ok: true });
  expect(await fillAddressGaps(userId, delivery)).toBe(true);
  expect((await getProfile(userId)).address).toMatchObject({
    region: "Canterbury",
    city: "Dunedin",
    street: "12 Kowhai Road",
  });
});

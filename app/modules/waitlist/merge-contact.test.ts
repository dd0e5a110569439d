import { expect, test } from "vitest";
import { mergeContact, type StoredContact } from "./merge-contact.ts";

const existing: StoredContact = {
  id: "c1",
  email: "aroha@example.nz",
  phone: "021 555 0101",
  name: "Aroha",
  address: { street: "12 Kowhai Lane", city: "Hamilton", state: "Waikato", country: "New Zealand" },
  region: "Waikato",
  interests: ["Herbs"],
  growingSpace: { kind: "Backyard bed", sizeM2: 2 },
  surveyData: { experience: "Never grown food" },
  plan: "1m2",
  source: "waitlist_page",
  timestamp: new Date("2026-01-01T00:00:00Z"),
};

test("new values override, address and growing space merge field by field", () => {
  const merged = mergeContact(existing, {
    email: "aroha@example.nz",
    region: "Bay of Plenty",
    address: { state: "Bay of Plenty" },
    growingSpace: { sunHours: "More than 6 hours" },
    plan: "2m2",
  });
  expect(merged.region).toBe("Bay of Plenty");
  expect(merged.address).toEqual({
    street: "12 Kowhai Lane",
    city: "Hamilton",
    state: "Bay of Plenty",
    country: "New Zealand",
  });
  expect(merged.growingSpace).toEqual({
    kind: "Backyard bed",
    sizeM2: 2,
    sunHours: "More than 6 hours",
  });
  expect(merged.plan).toBe("2m2");
  // Values not given are kept.
  expect(merged.phone).toBe("021 555 0101");
  expect(merged.name).toBe("Aroha");
  expect(merged.interests).toEqual(["Herbs"]);
});

test("empty values never wipe what we know", () => {
  const merged = mergeContact(existing, {
    email: "aroha@example.nz",
    address: { street: "" },
    interests: [],
  });
  expect(merged.address.street).toBe("12 Kowhai Lane");
  expect(merged.interests).toEqual(["Herbs"]);
});

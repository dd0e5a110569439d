// Finding 12's rest (issue 36, ADR 065): someone who knows a contact's id and address can re-join
// with another region, and that must not move the contact between regions' queues. It e-mails the
// address a signed link instead; only the link's button moves them, a visit to it does not, and a
// link altered or made for something else moves nobody.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts } from "#db/schema/index.ts";
import { db } from "#app/lib/db.server.ts";
import { signToken } from "#app/lib/signed-token.server.ts";
import { drainQueue } from "#tests/setup/drain-queue.ts";
import { linkIn } from "#tests/setup/smtp.ts";
import { testServices } from "#tests/setup/test-services.ts";
import { confirmUrl } from "./contact-links.server.ts";
import { joinWaitlist } from "./join-waitlist.server.ts";
import { moveRegion, readMoveRegion, sendRegionMoveJob } from "./move-region.server.ts";
import { sendWaitlistConfirmationJob } from "./send-waitlist-confirmation.server.ts";

const env = testServices({
  smtp: true,
  queues: [sendWaitlistConfirmationJob, sendRegionMoveJob] as never,
});
let n = 0;
const from = () => ({ ip: `198.51.100.${++n}`, userAgent: "vitest", page: "/waitlist" });
const regionOf = async (id: string) =>
  (await db().select().from(contacts).where(eq(contacts.id, id)))[0]?.region;

test("a stranger's re-join with another region moves nobody; the owner's e-mailed link does", async () => {
  const id = crypto.randomUUID();
  await joinWaitlist({ id, email: "mover@example.nz", region: "Otago" }, from());
  await drainQueue([sendWaitlistConfirmationJob]);
  env.smtp.messages.length = 0;

  // The id and the address, as anyone holding one of the owner's links knows them.
  const stranger = await joinWaitlist(
    { id, email: "mover@example.nz", region: "Northland" },
    from(),
  );
  expect(stranger.ok).toBe(true);
  expect(await regionOf(id)).toBe("Otago");
  await drainQueue([sendRegionMoveJob, sendWaitlistConfirmationJob]);
  const asks = env.smtp.messages.filter(
    (m) =>
      m.to === "mover@example.nz" && m.subject === "Move your Patch waitlist place to Northland?",
  );
  expect(asks).toHaveLength(1);
  const url = new URL(linkIn(asks[0]!, "https://patch.test/waitlist/move?token="));
  const token = url.searchParams.get("token");

  // Opening the link (a mail scanner does) changes nothing.
  expect(await readMoveRegion(token)).toEqual({
    ok: true,
    email: "mover@example.nz",
    from: "Otago",
    region: "Northland",
    moved: false,
  });
  expect(await regionOf(id)).toBe("Otago");
  // A link altered to another region, or a link for something else, moves nobody.
  const [data, signature] = token!.split(".");
  const payload = JSON.parse(Buffer.from(data!, "base64url").toString()) as { s: string };
  const altered = Buffer.from(
    JSON.stringify({ ...payload, s: payload.s.replace("Northland", "Southland") }),
  ).toString("base64url");
  expect(await moveRegion(`${altered}.${signature}`)).toMatchObject({
    ok: false,
    code: "not-found",
  });
  const confirmToken = new URL(confirmUrl(id)).searchParams.get("token");
  expect(await moveRegion(confirmToken)).toMatchObject({ ok: false, code: "not-found" });
  expect(await moveRegion(signToken("survey", id))).toMatchObject({ ok: false, code: "not-found" });
  expect(await regionOf(id)).toBe("Otago");

  // The owner's button moves them, once; pressing it again changes nothing more.
  expect(await moveRegion(token)).toMatchObject({ ok: true, region: "Northland", moved: true });
  expect(await regionOf(id)).toBe("Northland");
  const [row] = await db().select().from(contacts).where(eq(contacts.id, id));
  expect(row?.address).toMatchObject({ state: "Northland" });
  expect(await moveRegion(token)).toMatchObject({ ok: true, region: "Northland" });
  expect(await readMoveRegion(token)).toMatchObject({ moved: true });
});

test("a re-join with the region the contact is in asks nothing", async () => {
  const first = await joinWaitlist({ email: "stayer@example.nz", region: "Nelson" }, from());
  expect(first.ok).toBe(true);
  await joinWaitlist({ email: "stayer@example.nz", region: "Nelson" }, from());
  await drainQueue([sendRegionMoveJob, sendWaitlistConfirmationJob]);
  expect(
    env.smtp.messages.filter((m) => m.to === "stayer@example.nz" && /Move/.test(m.subject)),
  ).toEqual([]);
});

// An admin changes when a gift's e-mail goes, or to whom (ADR 049): only a paid gift whose
// recipient hasn't been e-mailed yet. The new day is checked as the buyer's was (today up to six
// months on). A new day gets its own job at 08:00 New Zealand time (or now, for today); the old
// day's job still runs but carries its day, finds the gift's is another and sends nothing. A new address is read by whichever job sends.
import { eq } from "drizzle-orm";
import { gifts } from "#db/schema/index.ts";
import { failure } from "#app/lib/outcome.ts";
import { enqueue } from "#app/lib/queue.server.ts";
import { ADMIN_GIFT_MESSAGES, changeGiftSchema } from "./admin-gifts.schema.ts";
import { giftAct, notActionable } from "./act-on-gift.server.ts";
import { GIFT_MESSAGES, sendOnRange } from "./gifts.schema.ts";
import { codeEmailAt, sendGiftEmailJob } from "./send-gift-email.server.ts";

export const changeGiftDelivery = giftAct({
  schema: changeGiftSchema,
  kind: "change",
  done: () => ADMIN_GIFT_MESSAGES.changed,
  act: async (tx, gift, input, now) => {
    const refused = notActionable(gift);
    if (refused) return refused;
    if (gift.sentAt || gift.redeemedAt) return failure("conflict", ADMIN_GIFT_MESSAGES.alreadySent);
    const range = sendOnRange(now);
    if (input.sendOn < range.min || input.sendOn > range.max)
      return failure("invalid", GIFT_MESSAGES.sendOn, {
        fieldErrors: { sendOn: GIFT_MESSAGES.sendOn },
      });
    const before = {
      sendOn: gift.sendOn,
      recipientName: gift.recipientName,
      recipientEmail: gift.recipientEmail,
    };
    const after = {
      sendOn: input.sendOn,
      recipientName: input.recipientName,
      recipientEmail: input.recipientEmail,
    };
    if (JSON.stringify(before) === JSON.stringify(after))
      return failure("invalid", ADMIN_GIFT_MESSAGES.nothingChanged);
    await tx
      .update(gifts)
      .set({ ...after, updatedAt: now })
      .where(eq(gifts.id, gift.id));
    if (after.sendOn !== before.sendOn) {
      const at = codeEmailAt(after.sendOn, now);
      await enqueue(
        tx,
        sendGiftEmailJob,
        { giftId: gift.id, kind: "code", sendOn: after.sendOn },
        {
          singletonKey: `gift-code:${gift.id}:${input.requestKey}`,
          ...(at > now ? { startAfter: at } : {}),
        },
      );
    }
    return { details: { before, after } };
  },
});

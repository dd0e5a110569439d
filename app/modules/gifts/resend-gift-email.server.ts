// An admin re-sends a gift's e-mail with its code to the recipient (ADR 049): only a paid gift
// nobody has redeemed. The code is worked out again from the gift's id (it is never stored); if
// AUTH_SECRET has changed since, the job sends a fresh code and its hash replaces the old one. The
// e-mail is a job queued with the history row, its delivery keyed by the request, so a retried
// submit sends it once.
import { enqueue } from "#app/lib/queue.server.ts";
import { ADMIN_GIFT_MESSAGES, resendGiftSchema } from "./admin-gifts.schema.ts";
import { giftAct, notActionable } from "./act-on-gift.server.ts";
import { sendGiftEmailJob } from "./send-gift-email.server.ts";
import { failure } from "#app/lib/outcome.ts";

export const resendGiftEmail = giftAct({
  schema: resendGiftSchema,
  kind: "resend",
  done: (gift) => ADMIN_GIFT_MESSAGES.resent(gift.recipientEmail),
  act: async (tx, gift, { requestKey }) => {
    const refused = notActionable(gift);
    if (refused) return refused;
    if (gift.redeemedAt) return failure("conflict", ADMIN_GIFT_MESSAGES.redeemedResend);
    await enqueue(
      tx,
      sendGiftEmailJob,
      { giftId: gift.id, kind: "code", resend: requestKey },
      { singletonKey: `gift-code:${gift.id}:resend:${requestKey}` },
    );
    return { details: { to: gift.recipientEmail } };
  },
});

// The e-mail telling a member an admin gave them credit, and why (issue 40): one definition, sent
// for a grant on /admin/credits (app/flows/tell-credit-granted.server.ts) and for one from an
// admin's subscription page (the subscription's change e-mail is this one).
import { renderEmail } from "#app/lib/email-layout.server.ts";
import { settings } from "#app/lib/env.server.ts";
import { paths } from "#app/lib/paths.ts";

export const CREDIT_GRANTED_SUBJECT = "Credit added to your account";

/** What the member reads: on the admin's answer, in the history and in the e-mail. */
export const creditGrantedWords = (amount: string, reason: string) =>
  `We've added ${amount} of credit to your account: ${reason.replace(/[.\s]+$/, "")}. It's used on your next box before your card is charged.`;

/** The e-mail: `said` is creditGrantedWords' sentence. */
export function creditGrantedEmail(to: string, name: string, said: string) {
  const s = settings();
  return {
    to,
    ...renderEmail({
      subject: `${CREDIT_GRANTED_SUBJECT} | ${s.brandName}`,
      preheader: said,
      heading: `${CREDIT_GRANTED_SUBJECT}, ${name}`,
      paragraphs: [
        said,
        "The card pays only what your credit doesn't cover.",
        "You can see your credit and its history in your account.",
        `Questions? Reply to this e-mail or call us on ${s.contactPhone}.`,
      ],
      button: { label: "See your credit", url: `${s.siteUrl}${paths.profileSubscription}` },
      reason: `You're getting this because we added credit to your ${s.brandName} account.`,
    }),
  };
}

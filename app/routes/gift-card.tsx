// /gift/manage/{id}/card?key=… (issue 39, ADR 076): a card the buyer prints to give by hand, with
// the gift's code and their message; the same signed key as the gift's page. On paper it is the
// card alone (the site's print stylesheet drops the header, footer and this page's buttons).
import { data, Link } from "react-router";
import { settings } from "#app/lib/env.server.ts";
import { paths } from "#app/lib/paths.ts";
import { noindexMeta } from "#app/lib/seo.ts";
import { readGiftBuyerKey } from "#app/modules/gifts/gift-buyer-link.server.ts";
import { getGiftCard } from "#app/modules/gifts/manage-gift.server.ts";
import type { Route } from "./+types/gift-card";

export const meta = () => noindexMeta("A gift card to print");

export async function loader({ request, params }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key");
  const state = readGiftBuyerKey(params.giftId, key);
  const card = state === "valid" ? await getGiftCard(params.giftId) : null;
  if (!card)
    return data({ state: state === "expired" ? "expired" : "invalid" } as const, {
      status: state === "expired" ? 410 : 403,
    });
  const site = settings().siteUrl;
  return {
    state: "valid" as const,
    card,
    back: paths.giftManage(card.id, key!),
    redeemAt: `${site.replace(/^https?:\/\//, "")}${paths.giftRedeem()}`,
  };
}

export default function GiftCardPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== "valid")
    return (
      <div className="container-page max-w-3xl pt-28 pb-20 md:pt-36">
        <h1 className="text-4xl font-bold">
          {loaderData.state === "expired" ? "This link has expired" : "This link doesn't work"}
        </h1>
        <p className="mt-4 text-lg">
          Please open your gift&apos;s page from the &lsquo;Manage your gift&rsquo; button in your
          receipt e-mail{loaderData.state === "expired" ? ", where you can ask for a new link" : ""}
          .
        </p>
      </div>
    );
  const { card } = loaderData;
  return (
    <div className="container-page max-w-2xl pt-28 pb-20 md:pt-36 print:max-w-none print:p-0">
      <div className="print:hidden">
        <Link to={loaderData.back} className="text-leaf-dark underline underline-offset-4">
          Back to your gift
        </Link>
        <h1 className="mt-4 text-3xl font-bold">Your card to print</h1>
        <p className="mt-2 text-ink/80">Print it on A4 and fold it, or save it as a PDF to send.</p>
        <button type="button" className="btn-primary mt-4" onClick={() => window.print()}>
          Print this card
        </button>
      </div>
      <article
        aria-label={`Gift card for ${card.recipientName}`}
        className="gift-card mt-8 rounded-3xl border-2 border-leaf bg-white p-5 text-center sm:p-10 print:mt-0 print:rounded-none print:border-4"
        data-testid="gift-card"
      >
        <p className="font-semibold tracking-widest text-leaf-dark uppercase">A gift for you</p>
        <h2 className="mt-3 font-serif text-4xl font-bold wrap-anywhere">{card.recipientName}</h2>
        <p className="mt-4 text-lg">
          {card.buyerName} has given you {card.what}: seasonal seedlings, seed, compost and the
          month&apos;s growing guide, delivered each month.
        </p>
        {card.message ? (
          <blockquote className="mx-auto mt-6 max-w-md border-l-4 border-leaf pl-4 text-left text-lg whitespace-pre-line italic wrap-anywhere">
            {card.message}
            <footer className="mt-2 text-base not-italic">{card.buyerName}</footer>
          </blockquote>
        ) : null}
        {card.code ? (
          <>
            <p className="mt-8 text-sm font-semibold tracking-widest uppercase">Your gift code</p>
            <p
              className="mt-1 font-mono text-lg font-bold wrap-anywhere min-[360px]:text-xl sm:text-3xl sm:tracking-wider"
              data-testid="gift-card-code"
            >
              {card.code}
            </p>
            <p className="mt-4">
              Start your boxes at{" "}
              <span className="block font-semibold wrap-anywhere">{loaderData.redeemAt}</span>
            </p>
          </>
        ) : (
          <p className="mt-8">
            {card.redeemed
              ? "This gift has been redeemed."
              : "Your code is in the e-mail we sent you."}
          </p>
        )}
      </article>
    </div>
  );
}

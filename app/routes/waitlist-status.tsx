// /waitlist/status: a contact's own page, from the signed link in their waitlist e-mails (no
// sign-in, ADR 037): their place in their region's queue, the friends who joined through their
// link and the credit they have earned, their region's progress toward opening, and their share link.
import { Link, useRouteLoaderData } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { NoticePage } from "#app/components/ui/notice-page.tsx";
import { paths } from "#app/lib/paths.ts";
import { getReferralStatus } from "#app/modules/waitlist/get-referral-status.server.ts";
import { ShareLink } from "#app/modules/waitlist/share-link.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import type { Route } from "./+types/waitlist-status";

export function meta() {
  return [{ title: "Your place on the waitlist | Patch" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  return { status: await getReferralStatus(new URL(request.url).searchParams.get("t")) };
}

export default function WaitlistStatus({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
  const currency = useRouteLoaderData<typeof rootLoader>("root")?.settings.currency;
  if (!status) {
    return (
      <NoticePage title="That link didn't work">
        <p className="mt-4 text-lg text-ink/80">
          It may have been copied only in part. Open it again from one of our e-mails.
        </p>
        <Link to={paths.waitlist} className="btn-primary mt-8">
          Join the waitlist
        </Link>
      </NoticePage>
    );
  }
  const { progress } = status;
  const friends = status.friends === 1 ? "1 friend" : `${status.friends} friends`;
  return (
    <NoticePage title="Your place on the waitlist">
      <dl className="mt-8 grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl bg-white p-5 shadow-sm">
          <dt className="text-sm font-semibold tracking-widest text-leaf uppercase">
            Your place{status.region ? ` in ${status.region}` : ""}
          </dt>
          <dd className="mt-1 font-serif text-3xl font-bold" data-testid="queue-place">
            {status.place === null
              ? "Confirm your e-mail to take your place"
              : `${status.place} of ${status.queueLength}`}
          </dd>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm">
          <dt className="text-sm font-semibold tracking-widest text-leaf uppercase">
            Friends who joined through you
          </dt>
          <dd className="mt-1 font-serif text-3xl font-bold" data-testid="friend-count">
            {friends}
          </dd>
          {status.pendingFriends > 0 && (
            <dd className="text-sm text-ink/75">
              and {status.pendingFriends} waiting to confirm their e-mail
            </dd>
          )}
        </div>
      </dl>
      {(status.credit.earned > 0 || status.credit.next) && (
        <div className="mt-4 rounded-2xl bg-white p-5 shadow-sm">
          <h2 className="text-sm font-semibold tracking-widest text-leaf uppercase">
            Credit you've earned
          </h2>
          <p className="mt-1 font-serif text-3xl font-bold" data-testid="referral-credit">
            {formatMoney(status.credit.earned, currency)}
          </p>
          <p className="mt-1 text-sm text-ink/75">
            {status.credit.earned > 0
              ? "It pays for your first box before your card when you subscribe with this e-mail address. "
              : ""}
            {status.credit.next
              ? `When ${status.credit.next.friends} friends have joined and confirmed, you earn ${formatMoney(status.credit.next.amount, currency)}${status.credit.earned > 0 ? " more" : " off your first box"}.`
              : ""}
          </p>
        </div>
      )}
      <div className="mt-8">
        <h2 className="text-2xl font-bold">
          {status.region ?? "Your region"}
          {progress.open ? " is open" : "'s progress toward opening"}
        </h2>
        {progress.open ? (
          <p className="mt-2 text-ink/80">
            Subscriptions are open in {status.region}.{" "}
            <Link to={paths.subscribe()} className="text-leaf underline underline-offset-4">
              Start yours
            </Link>
            .
          </p>
        ) : (
          <>
            <progress
              className="mt-3 h-3 w-full accent-leaf"
              max={progress.target}
              value={Math.min(progress.confirmed, progress.target)}
              aria-label={`${status.region ?? "Your region"}'s progress toward opening`}
            />
            <p className="mt-2 text-ink/80">
              {progress.confirmed} of the {progress.target} people we need have confirmed (
              {progress.percent}%). Every friend who joins brings the opening closer.
            </p>
          </>
        )}
      </div>
      <ShareLink
        url={status.shareUrl}
        note={"Each friend who joins and confirms moves you up your region's queue."}
      />
    </NoticePage>
  );
}

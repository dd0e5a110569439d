// One-click unsubscribe from any e-mail (a waitlist contact's, a member's growing tips or their
// "Your garden this month"), no
// sign-in needed. The link opens this page; the button is the one click (a link alone would be
// followed by mail scanners).
import { noindexMeta } from "#app/lib/seo.ts";
import { Form, Link, useNavigation } from "react-router";
import { paths } from "#app/lib/paths.ts";
import {
  readAnyUnsubscribeLink,
  unsubscribeAnyByLink,
} from "#app/flows/unsubscribe-link.server.ts";
import type { Route } from "./+types/unsubscribe";

export const meta = () => noindexMeta("Unsubscribe");

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token, contact: await readAnyUnsubscribeLink(token) };
}

export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return unsubscribeAnyByLink(token);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, token } = loaderData;
  const done = actionData?.ok || contact?.unsubscribed;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container-page max-w-2xl pt-32 pb-24">
      {!contact ? (
        <>
          <h1 className="text-4xl font-bold">That link didn't work</h1>
          <p className="mt-4 text-lg text-ink/80">
            Write to us and we'll take you off every list straight away.
          </p>
        </>
      ) : done ? (
        <>
          <h1 className="text-4xl font-bold">You're unsubscribed</h1>
          {contact.kind === "member-garden" ? (
            <p className="mt-4 text-lg text-ink/80">
              We won't send {contact.email} any more “Your garden this month” e-mails. Your plan and
              schedule stay on your garden page, and you can switch the e-mail back on in your
              profile at any time.
            </p>
          ) : contact.kind === "member-tips" ? (
            <p className="mt-4 text-lg text-ink/80">
              We won't send {contact.email} any more monthly growing tips. Changed your mind? Switch
              them back on in your profile at any time.
            </p>
          ) : (
            <p className="mt-4 text-lg text-ink/80">
              We won't send {contact.email} any more waitlist news or growing tips. Changed your
              mind? Join the waitlist again at any time.
            </p>
          )}
          <Link
            to={contact.kind === "contact" ? paths.home : paths.profileReminders}
            className="btn-secondary mt-8"
          >
            {contact.kind === "contact" ? "Back to home" : "Go to your profile"}
          </Link>
        </>
      ) : (
        <>
          <h1 className="text-4xl font-bold">Unsubscribe {contact.email}?</h1>
          <p className="mt-4 text-lg text-ink/80">
            {contact.kind === "member-garden"
              ? "You'll stop getting “Your garden this month”, the monthly e-mail of your own garden's jobs. Your plan, schedule and other e-mails stay as they are."
              : contact.kind === "member-tips"
                ? "You'll stop getting the monthly growing tips from Patch. Your account and orders stay as they are."
                : "You'll stop getting launch news and growing tips from Patch."}
          </p>
          <Form method="post" action={`/unsubscribe?token=${encodeURIComponent(token ?? "")}`}>
            <button
              type="submit"
              disabled={busy}
              aria-busy={busy || undefined}
              data-pending="Unsubscribing..."
              className="btn-primary mt-8"
            >
              {busy ? "Unsubscribing..." : "Unsubscribe"}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

// The confirm link from the waitlist e-mail (double opt-in). Opening the link only shows the page:
// mail scanners (Outlook Safe Links and the like) follow links, so a visit must not confirm anyone.
// The button, a plain form post that works without JavaScript, is the person's own confirmation.
import { data, Form, Link, useNavigation } from "react-router";
import { NoticePage } from "#app/components/ui/notice-page.tsx";
import { statusOf } from "#app/lib/outcome.ts";
import { paths } from "#app/lib/paths.ts";
import { confirmContact, readConfirmLink } from "#app/modules/waitlist/confirm-contact.server.ts";
import { ShareLink } from "#app/modules/waitlist/share-link.tsx";
import type { Route } from "./+types/waitlist-confirm";

export function meta() {
  return [{ title: "Confirm your e-mail | Patch" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token, link: await readConfirmLink(token) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = form.get("token");
  const confirmed = await confirmContact(typeof token === "string" ? token : null);
  return data(confirmed, { status: statusOf(confirmed) });
}

export default function WaitlistConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  // After the button, the action's answer; before it (or on a reload), what the link says now.
  const link = actionData ?? loaderData.link;
  const busy = useNavigation().state === "submitting";
  if (!link.ok) {
    return (
      <NoticePage title="That link didn't work">
        <p className="mt-4 text-lg text-ink/80">
          It may have expired or been copied only in part. Join the waitlist again and we'll send a
          fresh one.
        </p>
        <JoinAgain />
      </NoticePage>
    );
  }
  const where = link.region ? ` for ${link.region}` : "";
  return (
    <section className="container-page max-w-2xl pt-32 pb-24">
      {link.state === "pending" ? (
        <>
          <h1 className="text-4xl font-bold">Confirm your e-mail</h1>
          <p className="mt-4 text-lg text-ink/80">
            One tap to confirm that <strong className="wrap-break-word">{link.email}</strong> should
            be on the Patch waitlist{where}. We'll e-mail you the day we launch there, and send
            growing tips for your region until then.
          </p>
          <Form
            method="post"
            action={`/waitlist/confirm?token=${encodeURIComponent(token ?? "")}`}
            className="mt-8"
          >
            <input type="hidden" name="token" value={token ?? ""} />
            <button
              type="submit"
              disabled={busy}
              aria-busy={busy || undefined}
              data-pending="Confirming..."
              className="btn-primary w-full sm:w-auto"
            >
              {busy ? "Confirming..." : "Confirm my e-mail"}
            </button>
          </Form>
          <p className="mt-4 text-sm text-ink/75">
            Didn't ask to join? Just close this page: without your confirmation we won't send you
            waitlist news.
          </p>
        </>
      ) : link.state === "unsubscribed" ? (
        <>
          <h1 className="text-4xl font-bold">You're unsubscribed</h1>
          <p className="mt-4 text-lg text-ink/80">
            You unsubscribed {link.email} after we sent this link, so we won't e-mail you. Changed
            your mind? Join the waitlist again and confirm from the new e-mail.
          </p>
          <JoinAgain />
        </>
      ) : (
        <>
          <h1 className="text-4xl font-bold">You're confirmed</h1>
          <p className="mt-4 text-lg text-ink/80">
            Thanks! {link.email} is on the waitlist{where}. We'll e-mail you the day we launch
            there, and send growing tips for your region until then.
          </p>
          {link.shareUrl && <ShareLink url={link.shareUrl} />}
          <div className="mt-8 flex flex-wrap gap-3">
            {link.surveyUrl && (
              <a href={link.surveyUrl} className="btn-primary">
                Tell us about your space
              </a>
            )}
            <Link to="/" className="btn-secondary">
              Back to home
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

function JoinAgain() {
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      <Link to={paths.waitlist} className="btn-primary">
        Join the waitlist
      </Link>
      <Link to="/" className="btn-secondary">
        Back to home
      </Link>
    </div>
  );
}

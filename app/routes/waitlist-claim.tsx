// A launch wave's claim link (issue 22, ADR 041). Opening the link only shows the page (mail
// scanners follow links, so a visit must not claim); the button claims the spot, once, and goes on
// to /subscribe with the region and the plan picked on the waitlist. A link past its time or one
// we don't know says so, and that the person keeps their place in the queue.
import { Form, Link, redirect, useNavigation } from "react-router";
import { NoticePage } from "#app/components/ui/notice-page.tsx";
import { paths } from "#app/lib/paths.ts";
import {
  claimWaveInvitation,
  readWaveInvitation,
  type WaveInvitationState,
} from "#app/modules/waitlist/claim-wave-invitation.server.ts";
import type { Route } from "./+types/waitlist-claim";
import { nzDayAndTime } from "#app/lib/nz-time.ts";

export function meta() {
  return [{ title: "Claim your spot | Patch" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token, invitation: await readWaveInvitation({ token }) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = form.get("token");
  const invitation = await claimWaveInvitation({ token: typeof token === "string" ? token : null });
  if (invitation.state === "open" || invitation.state === "claimed")
    throw redirect(paths.subscribe(invitation.plan ?? undefined, invitation.region));
  return { invitation };
}

export default function WaitlistClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const invitation: WaveInvitationState = actionData?.invitation ?? loaderData.invitation;
  const busy = useNavigation().state === "submitting";
  if (invitation.state === "unknown" || invitation.state === "expired") {
    return (
      <NoticePage
        title={invitation.state === "expired" ? "This spot has passed on" : "That link didn't work"}
      >
        <p className="mt-4 text-lg text-ink/80">
          {invitation.state === "expired"
            ? `The time to claim this spot in ${invitation.region} has run out, so it has gone to the next person waiting.`
            : "We don't recognise this claim link: it may have been copied only in part."}{" "}
          You keep your place in the queue, and we'll e-mail you when there is room for you.
        </p>
        <p className="mt-8">
          <Link to={paths.home} className="text-leaf underline underline-offset-4">
            Back to the home page
          </Link>
        </p>
      </NoticePage>
    );
  }
  return (
    <NoticePage
      title={invitation.state === "claimed" ? "Your spot is claimed" : "Your spot is ready"}
    >
      <p className="mt-4 text-lg text-ink/80 wrap-anywhere">
        {invitation.state === "claimed"
          ? `You've claimed your spot in ${invitation.region}. Carry on to choose your plan and delivery week.`
          : `We've held a spot in ${invitation.region} for ${invitation.email} until ${nzDayAndTime(invitation.expiresAt)} (New Zealand time). Claim it, then choose your plan and delivery week.`}
      </p>
      <Form
        method="post"
        action={`${paths.waitlistClaim}?token=${encodeURIComponent(token ?? "")}`}
        className="mt-8"
      >
        <input type="hidden" name="token" value={token ?? ""} />
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          data-pending="Claiming..."
          className="btn-primary w-full sm:w-auto"
        >
          {busy ? "Claiming..." : invitation.state === "claimed" ? "Continue" : "Claim my spot"}
        </button>
      </Form>
      <p className="mt-4 text-sm text-ink/75 wrap-anywhere">
        Next you sign in, or create your account, with {invitation.email}: your waitlist details
        (your region and the plan you picked) come with you.
      </p>
    </NoticePage>
  );
}

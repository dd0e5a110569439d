// The link from the "Move your waitlist place?" e-mail (ADR 065): opening it only shows the page
// (mail scanners follow links); the button, a plain form post, moves the contact to the link's
// region's queue. A re-join by someone else never moves anyone.
import { data, Form, useNavigation } from "react-router";
import { NoticePage } from "#app/components/ui/notice-page.tsx";
import { statusOf } from "#app/lib/outcome.ts";
import { moveRegion, readMoveRegion } from "#app/modules/waitlist/move-region.server.ts";
import type { Route } from "./+types/waitlist-move";

export function meta() {
  return [{ title: "Move your waitlist place | Patch" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token, link: await readMoveRegion(token) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = form.get("token");
  const moved = await moveRegion(typeof token === "string" ? token : null);
  return data(moved, { status: statusOf(moved) });
}

export default function WaitlistMove({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const link = actionData ?? loaderData.link;
  const busy = useNavigation().state === "submitting";
  if (!link.ok)
    return (
      <NoticePage title="That link didn't work">
        <p className="mt-4 text-lg text-ink/80">
          It may have expired (move links work for 7 days) or been copied only in part. Join the
          waitlist again with the region you want and we&rsquo;ll e-mail you a fresh one.
        </p>
      </NoticePage>
    );
  if (link.moved)
    return (
      <NoticePage title={`You're in ${link.region}'s queue`}>
        <p className="mt-4 text-lg text-ink/80">
          <strong className="wrap-break-word">{link.email}</strong> is on the Patch waitlist for{" "}
          {link.region}. We&rsquo;ll e-mail you the day we launch there.
        </p>
      </NoticePage>
    );
  return (
    <section className="container-page max-w-2xl pt-32 pb-24">
      <h1 className="text-4xl font-bold">Move to {link.region}?</h1>
      <p className="mt-4 text-lg text-ink/80">
        <strong className="wrap-break-word">{link.email}</strong> is on the Patch waitlist for{" "}
        {link.from ?? "another region"}. Move your place to {link.region}&rsquo;s queue?
      </p>
      <Form
        method="post"
        action={`/waitlist/move?token=${encodeURIComponent(token ?? "")}`}
        className="mt-8"
      >
        <input type="hidden" name="token" value={token ?? ""} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Moving..." : `Move me to ${link.region}`}
        </button>
      </Form>
    </section>
  );
}

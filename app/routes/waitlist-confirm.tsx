// The confirm link from the waitlist e-mail (double opt-in).
import { Link } from "react-router";
import { confirmContact } from "~/modules/waitlist/confirm-contact.server";
import type { Route } from "./+types/waitlist-confirm";

export function meta() {
  return [{ title: "Confirm your e-mail | Patch" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  return confirmContact(new URL(request.url).searchParams.get("token"));
}

export default function WaitlistConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-2xl pt-32 pb-24">
      {loaderData.ok ? (
        <>
          <h1 className="text-4xl font-bold">You're confirmed</h1>
          <p className="mt-4 text-lg text-ink/80">
            Thanks! {loaderData.email} is on the waitlist
            {loaderData.region ? ` for ${loaderData.region}` : ""}. We'll e-mail you the day we
            launch there, and send growing tips for your region until then.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-4xl font-bold">That link didn't work</h1>
          <p className="mt-4 text-lg text-ink/80">
            It may have expired or been copied only in part. Join the waitlist again and we'll send
            a fresh one.
          </p>
        </>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/define-garden" className="btn-primary">
          Tell us about your space
        </Link>
        <Link to="/" className="btn-secondary">
          Back to home
        </Link>
      </div>
    </section>
  );
}

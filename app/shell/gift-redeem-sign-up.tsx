// /gift/redeem for a recipient who isn't signed in (issue 39): they create their account right
// here instead of meeting a sign-in page and a 'Please log in' toast. The confirmation e-mail's
// link (in this browser or any other) signs them in and brings them back with the code kept.
import { SignUpCard } from "#app/modules/accounts/auth/sign-up-card.tsx";

export function SignUpToRedeem({
  hasCode,
  redirectTo,
  providers,
  actionData,
}: {
  hasCode: boolean;
  redirectTo: string;
  providers: readonly string[];
  actionData: unknown;
}) {
  return (
    <div className="container-page max-w-3xl pt-28 pb-20 md:pt-36">
      <p className="font-semibold tracking-widest text-leaf uppercase">Gift box</p>
      <h1 className="mt-2 text-4xl font-bold">Redeem your gift</h1>
      <p className="mt-3 text-lg text-ink/80">
        {hasCode
          ? "Someone has sent you a garden box. First, create your account: we'll e-mail you a link to confirm it, and it brings you straight back here with your gift code kept."
          : "First, create your account: we'll e-mail you a link to confirm it, and it brings you straight back here to enter your gift code."}{" "}
        Your boxes are prepaid: no card is needed.
      </p>
      <section aria-labelledby="create-account-title" className="mt-8 max-w-xl">
        <h2 id="create-account-title" className="text-2xl font-bold">
          Create an account
        </h2>
        <SignUpCard
          redirectTo={redirectTo}
          providers={providers}
          actionData={actionData}
          offerSignIn
        />
      </section>
    </div>
  );
}

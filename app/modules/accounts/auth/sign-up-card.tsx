// Create Account as every page that offers it shows it: the account form in its card (the
// confirmation panel once it went through), the Google and Apple buttons, and where the page is
// not the sign-in page's neighbour, a link to sign in instead that comes back to the same place.
// Convert from Waitlist shows the same card with its own intent.
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";
import { AccountForm } from "./account-form.tsx";
import { authHref } from "./auth-paths.ts";
import { AuthCard, SocialButtons, useAuthAnswer } from "./auth-ui.tsx";

export function SignUpCard({
  redirectTo,
  providers,
  actionData,
  offerSignIn = false,
}: {
  redirectTo: string;
  providers: readonly string[];
  actionData: unknown;
  offerSignIn?: boolean;
}) {
  const { answer, busy } = useAuthAnswer(actionData);
  const current = answer?.intent === "sign-up" ? answer : undefined;
  return (
    <>
      <AccountCard
        intent="sign-up"
        submit="Create Account"
        answer={current}
        redirectTo={redirectTo}
        busy={busy}
      />
      <SocialButtons providers={providers} redirectTo={redirectTo} />
      {offerSignIn ? (
        <p className="mt-6 text-center text-ink/80">
          Already have an account?{" "}
          <Link
            to={`${paths.login}?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="font-semibold text-leaf underline underline-offset-4"
          >
            Sign in
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** The account form in its card; once it went through, the panel saying so instead. */
export function AccountCard(props: ComponentProps<typeof AccountForm>) {
  return (
    <AuthCard done={props.answer} backTo={authHref("sign-in", props.redirectTo)}>
      <AccountForm {...props} />
    </AuthCard>
  );
}

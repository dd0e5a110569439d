// /auth/convert: 'Convert from Waitlist' (SPEC §2), an account for someone already on the
// waitlist, bringing across their region, growing space and survey answers.
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { convertWaitlist } from "#app/modules/accounts/convert-waitlist.server.ts";
import { answerIntents, signedOutPage } from "#app/modules/accounts/auth/auth-action.server.ts";
import { authMeta } from "#app/modules/accounts/auth/auth-paths.ts";
import { useAuthAnswer } from "#app/modules/accounts/auth/auth-ui.tsx";
import { AccountCard } from "#app/modules/accounts/auth/sign-up-card.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/convert";

export const handle: AuthHandle = { heading: "Convert from Waitlist", tab: "convert" };
export const headers = retryAfterHeader;
export const meta = () => authMeta("Convert from Waitlist");

export const loader = signedOutPage;

export const action = (args: Route.ActionArgs) => answerIntents(args, { convert: convertWaitlist });

export default function Convert({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const { answer, busy } = useAuthAnswer(actionData);
  return (
    <AccountCard
      intent="convert"
      submit="Convert from Waitlist"
      answer={answer}
      redirectTo={redirectTo}
      busy={busy}
    >
      <p className="text-sm text-ink/70">
        Joined our waitlist? Create your account with the same email and we'll bring across your
        region, growing space and survey answers.
      </p>
    </AccountCard>
  );
}

// /auth/forgot: 'Forgot your password?', a reset link by e-mail. The same answer whether or not
// the address has an account.
import { Form } from "react-router";
import { requestPasswordReset } from "#app/modules/accounts/request-password-reset.server.ts";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import {
  answerOutcome,
  readPosted,
  redirectToOf,
  sendSignedInOn,
  unknownIntent,
} from "./auth-action.server.ts";
import { authHref } from "./auth-paths.ts";
import {
  AuthCard,
  DonePanel,
  EmailField,
  FormError,
  SubmitButton,
  TextLink,
  useAnswerToasts,
  useBusy,
  type ActionAnswer,
} from "./auth-ui.tsx";
import type { AuthHandle } from "./layout.tsx";
import type { Route } from "./+types/forgot";

export const handle: AuthHandle = { heading: "Forgot your password?" };

export const headers = retryAfterHeader;

export const meta = () => [
  { title: "Forgot your password | Patch" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await sendSignedInOn(request);
  return { redirectTo: redirectToOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { intent, values, meta } = await readPosted(request, context);
  if (intent !== "forgot") return unknownIntent(intent);
  return answerOutcome({ request, intent, values }, await requestPasswordReset(values, meta));
}

export default function Forgot({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  useAnswerToasts(answer);
  const busy = useBusy();
  const back = authHref("sign-in", redirectTo);
  return (
    <AuthCard>
      {answer?.ok ? (
        <DonePanel answer={answer} backTo={back} />
      ) : (
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <input type="hidden" name="intent" value="forgot" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormError answer={answer} />
          <EmailField answer={answer} />
          <SubmitButton busy={busy}>Send reset link</SubmitButton>
          <TextLink to={back}>Back to sign in</TextLink>
        </Form>
      )}
    </AuthCard>
  );
}

// /profile (signed in): details, growing preferences and NZ address; security (password, signed-in
// devices and the logout scopes); download my data and delete my account, each confirmed.
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { showToast } from "#app/components/ui/toasts.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { requestInfo } from "#app/lib/request-context.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import {
  formValues,
  GROWING_SPACES,
  INTERESTS,
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "#app/modules/accounts/accounts.schema.ts";
import { AddressFields } from "#app/components/ui/address-fields.tsx";
import { changeEmail } from "#app/modules/accounts/change-email.server.ts";
import { confirmPassword } from "#app/modules/accounts/confirm-password.server.ts";
import { deleteAccount } from "#app/modules/accounts/delete-account.server.ts";
import { myDataDownloadPath } from "#app/modules/accounts/export-my-data.server.ts";
import { FormField, FormMessage } from "#app/components/ui/form-field.tsx";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { changePassword } from "#app/modules/accounts/change-password.server.ts";
import {
  listDeviceSessions,
  revokeDeviceSession,
  revokeOtherDeviceSessions,
  signOutEverywhere,
} from "#app/modules/accounts/manage-sessions.server.ts";
import type { AccountsOutcome } from "#app/modules/accounts/outcome.ts";
import { listCustomerOrders } from "#app/modules/orders/list-customer-orders.server.ts";
import {
  GROWING_TIPS_INTENT,
  GROWING_TIPS_MESSAGES,
  GrowingTipsSetting,
} from "#app/modules/growing-tips/growing-tips-setting.tsx";
import { setGrowingTips } from "#app/modules/growing-tips/tips-opt-out.server.ts";
import {
  CALENDAR_INTENTS,
  PersonalCalendarPanel,
} from "#app/modules/guidance/personal-calendar-panel.tsx";
import {
  getPersonalCalendar,
  resetCalendarToken,
  setCalendarPlan,
} from "#app/modules/guidance/personal-calendar.server.ts";
import { sendLinkPhoneCode } from "#app/modules/accounts/phone-sign-in.server.ts";
import { verifyLinkPhoneCode } from "#app/flows/verify-link-phone-code.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import {
  getSmsReminders,
  saveSmsReminders,
  switchOffSmsReminders,
} from "#app/modules/reminders/manage-sms-reminders.server.ts";
import { SmsRemindersPanel } from "#app/modules/reminders/sms-reminders-panel.tsx";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  startTwoFactorSetup,
} from "#app/modules/accounts/two-factor.server.ts";
import { updateProfile } from "#app/modules/accounts/update-profile.server.ts";
import { clearLocalUserData } from "#app/modules/accounts/user-menu.tsx";
import type { Route } from "./+types/profile";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";

// A refused form keeps its Retry-After (app/lib/retry-after-header.ts).
export const headers = retryAfterHeader;

export const meta = () => [
  { title: "Your profile | Patch" },
  { name: "robots", content: "noindex" },
];

const orderDate = new Intl.DateTimeFormat("en-NZ", {
  dateStyle: "medium",
  timeZone: "Pacific/Auckland",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const meta = { request, clientIp: context.get(requestInfo).clientIp };
  const [profile, devices, orders] = await Promise.all([
    getProfile(user.id),
    listDeviceSessions({ meta, currentSessionId: user.sessionId }),
    listCustomerOrders(user.email),
  ]);
  const calendar = await getPersonalCalendar(user.id);
  const smsReminders = await getSmsReminders(user.id);
  return {
    user,
    profile,
    devices,
    orders,
    smsReminders,
    calendar: {
      region: calendar.region,
      planId: calendar.plan.id,
      feedUrl: calendar.feedUrl,
      subscribeUrl: calendar.subscribeUrl,
    },
  };
}

interface Answer {
  intent: string;
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  passwordProblems?: string[];
  reauth?: boolean;
  phone?: string;
  setup?: { totpUri: string; secret: string; backupCodes: string[] };
}

function parseSetup(value: FormDataEntryValue | null): Answer["setup"] {
  try {
    const parsed = JSON.parse(String(value ?? "")) as Answer["setup"];
    return parsed && typeof parsed.totpUri === "string" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function answerData(intent: string, outcome: AccountsOutcome): Answer {
  return outcome.ok
    ? { intent, ok: true, message: outcome.messages.at(-1) }
    : {
        intent,
        ok: false,
        message: outcome.message,
        fieldErrors: outcome.fieldErrors,
        passwordProblems: outcome.passwordProblems,
        reauth: outcome.reauth,
      };
}

function answer(intent: string, outcome: AccountsOutcome) {
  const headers = new Headers();
  if (outcome.ok) for (const c of outcome.cookies) headers.append("Set-Cookie", c);
  else if (outcome.retryAfter) headers.set("Retry-After", String(outcome.retryAfter));
  return data<Answer>(
    outcome.ok
      ? { intent, ok: true, message: outcome.messages.at(-1) }
      : {
          intent,
          ok: false,
          message: outcome.message,
          fieldErrors: outcome.fieldErrors,
          passwordProblems: outcome.passwordProblems,
          reauth: outcome.reauth,
        },
    // A refused form is answered as a page with its messages (only limits say 429).
    { status: !outcome.ok && outcome.status === 429 ? 429 : 200, headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const meta = { request, clientIp: context.get(requestInfo).clientIp };
  switch (intent) {
    case CALENDAR_INTENTS.plan: {
      const saved = await setCalendarPlan(user.id, formValues(form));
      return data<Answer>(
        saved.ok
          ? { intent, ok: true, message: "Box size saved: your calendar follows it now." }
          : { intent, ok: false, message: saved.message },
        { status: saved.ok ? 200 : 400 },
      );
    }
    case CALENDAR_INTENTS.reset:
      await resetCalendarToken(user.id);
      return data<Answer>({
        intent,
        ok: true,
        message: "Your calendar has a new address. Subscribe again with it.",
      });
    case "save-profile": {
      const result = await updateProfile({
        userId: user.id,
        input: formValues(form, ["interests"]),
      });
      return result.ok
        ? data<Answer>({ intent, ok: true, message: MESSAGES.profileSaved })
        : data<Answer>({
            intent,
            ok: false,
            message: "Please check the highlighted fields.",
            fieldErrors: result.fieldErrors,
          });
    }
    case "change-email":
      return answer(intent, await changeEmail({ user, input: formValues(form), meta }));
    case "change-password":
      return answer(intent, await changePassword({ input: formValues(form), meta, user }));
    case "phone-link-send":
      return data<Answer>({
        ...answerData(intent, await sendLinkPhoneCode({ user, input: formValues(form), meta })),
        phone: String(form.get("phone") ?? ""),
      });
    case "sms-reminders-save":
      return answer(
        intent,
        await saveSmsReminders({ userId: user.id, input: formValues(form), meta }),
      );
    case "sms-reminders-off":
      return answer(intent, await switchOffSmsReminders(user.id));
    case "phone-link-verify": {
      const outcome = await verifyLinkPhoneCode({ input: formValues(form), meta });
      return data<Answer>({
        ...answerData(intent, outcome),
        phone: String(form.get("phone") ?? ""),
      });
    }
    case "2fa-start": {
      const setup = await startTwoFactorSetup({ user, password: form.get("password"), meta });
      return data<Answer>(
        setup.ok
          ? { intent, ok: true, setup }
          : {
              intent,
              ok: false,
              message: setup.message,
              reauth: setup.reauth,
              fieldErrors: setup.field ? { twoFactorPassword: setup.message } : undefined,
            },
      );
    }
    case "2fa-confirm": {
      const outcome = await confirmTwoFactorSetup({ user, code: form.get("code"), meta });
      if (outcome.ok) return answer(intent, outcome);
      // A wrong code keeps the set-up on screen (the person's own secret and codes).
      const setup = parseSetup(form.get("setup"));
      return data<Answer>({ ...answerData(intent, outcome), setup });
    }
    case "2fa-disable":
      return answer(intent, await disableTwoFactor({ user, password: form.get("password"), meta }));
    case "revoke-session":
      return answer(
        intent,
        await revokeDeviceSession({ meta, sessionId: String(form.get("sessionId") ?? "") }),
      );
    case "revoke-others":
      return answer(intent, await revokeOtherDeviceSessions(meta));
    case "revoke-all": {
      const outcome = await signOutEverywhere(meta);
      if (!outcome.ok) return answer(intent, outcome);
      const headers = new Headers();
      for (const c of outcome.cookies) headers.append("Set-Cookie", c);
      return redirectWithToast(
        request,
        "/",
        { type: "success", message: MESSAGES.signedOut },
        {
          headers,
        },
      );
    }
    case "export-data": {
      // Confirmed with the password, since the file holds everything about the person.
      if (!(await confirmPassword({ meta, password: form.get("password") }))) {
        return data<Answer>({
          intent,
          ok: false,
          message: "Please enter your password to download your data.",
          fieldErrors: { exportPassword: "That password isn't right." },
        });
      }
      // The file comes from its own address (a page's action answers only with page data).
      throw redirect(myDataDownloadPath(user.id));
    }
    case "delete-account": {
      const outcome = await deleteAccount({
        user,
        input: { password: form.get("password"), confirm: form.get("confirm") },
        meta,
      });
      if (!outcome.ok) return answer(intent, outcome);
      const headers = new Headers();
      for (const c of outcome.cookies) headers.append("Set-Cookie", c);
      return redirectWithToast(
        request,
        "/",
        { type: "success", message: MESSAGES.accountDeleted },
        {
          headers,
        },
      );
    }
    case GROWING_TIPS_INTENT: {
      const on = form.get("tips") === "on";
      await setGrowingTips(user.id, on);
      return data<Answer>({ intent, ok: true, message: GROWING_TIPS_MESSAGES[on ? "on" : "off"] });
    }
    default:
      return data<Answer>({ intent, ok: false, message: "Unknown request." }, { status: 400 });
  }
}

const LABELS: Record<string, string> = {
  vegetables: "Vegetables",
  herbs: "Herbs",
  fruit: "Fruit",
  flowers: "Flowers",
  "native-plants": "Native plants",
  composting: "Composting",
  balcony: "Balcony or deck",
  courtyard: "Courtyard",
  backyard: "Backyard",
  "raised-beds": "Raised beds",
  indoors: "Indoors",
};

function deviceName(agent: string | null): string {
  if (!agent) return "Unknown device";
  const browser = /Firefox\//.test(agent)
    ? "Firefox"
    : /Edg\//.test(agent)
      ? "Edge"
      : /Chrome\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Browser";
  const os = /iPhone|iPad/.test(agent)
    ? "iOS"
    : /Android/.test(agent)
      ? "Android"
      : /Mac OS X/.test(agent)
        ? "macOS"
        : /Windows/.test(agent)
          ? "Windows"
          : /Linux/.test(agent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-NZ", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Pacific/Auckland",
  }).format(new Date(iso));

function Reauth() {
  return (
    <FormMessage tone="error">
      {MESSAGES.reauthRequired}{" "}
      <Link to="/auth?reauth=1&redirectTo=%2Fprofile" className="underline">
        Sign in again
      </Link>
    </FormMessage>
  );
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, profile, devices, orders, calendar } = loaderData;
  const result = actionData as Answer | undefined;
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const forIntent = (intent: string) => (result?.intent === intent ? result : undefined);

  useEffect(() => {
    if (!result?.message) return;
    void showToast(result.ok ? "success" : "error", result.message);
  }, [result]);

  const saved = forIntent("save-profile");
  const pw = forIntent("change-password");
  const em = forIntent("change-email");
  const del = forIntent("delete-account");
  const exp = forIntent("export-data");
  const prefs = profile.preferences;

  return (
    <div className="container-page pt-28 pb-20 md:pt-36">
      <h1 className="text-4xl font-bold">Your profile</h1>
      <p className="mt-2 text-ink/70">
        Signed in as <strong className="break-all">{user.email}</strong> · Climate zone:{" "}
        {profile.climateZone}
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Section id="orders" title="Your orders">
          {orders.length === 0 ? (
            <p>
              No orders yet.{" "}
              <Link to="/products" className="text-leaf underline">
                Browse the shop
              </Link>
              .
            </p>
          ) : (
            <ul className="divide-y divide-ink/10" data-testid="profile-orders">
              {orders.map((o) => (
                <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                  <span className="font-semibold">#{o.number}</span>
                  <span className="text-ink/75">{orderDate.format(new Date(o.createdAt))}</span>
                  <span className="capitalize">{o.status}</span>
                  <span>{formatMoney(o.total, o.currency)}</span>
                  {o.trackingNumber && (
                    <span className="w-full text-sm text-ink/75">Tracking: {o.trackingNumber}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section id="details" title="Your details">
          <Form method="post" className="flex flex-col gap-5" noValidate>
            <input type="hidden" name="intent" value="save-profile" />
            {saved && !saved.ok && <FormMessage tone="error">{saved.message}</FormMessage>}
            {saved?.ok && <FormMessage tone="success">{saved.message}</FormMessage>}
            <FormField
              id="fullName"
              name="fullName"
              label="Full name"
              autoComplete="name"
              defaultValue={profile.fullName ?? ""}
              error={saved?.fieldErrors?.fullName}
            />
            <FormField
              id="phone"
              name="phone"
              type="tel"
              label="Phone"
              autoComplete="tel"
              defaultValue={profile.phone ?? ""}
              error={saved?.fieldErrors?.phone}
            />
            <AddressFields address={profile.address} errors={saved?.fieldErrors} />
            <fieldset className="flex flex-col gap-2">
              <legend className="font-semibold">What would you like to grow?</legend>
              <div className="grid grid-cols-2 gap-2">
                {INTERESTS.map((i) => (
                  <label key={i} className="flex min-h-11 items-center gap-2">
                    <input
                      type="checkbox"
                      name="interests"
                      value={i}
                      defaultChecked={prefs.interests?.includes(i)}
                      className="h-5 w-5 accent-leaf"
                    />
                    {LABELS[i]}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormField id="growingSpace" label="Growing space">
              <select
                id="growingSpace"
                name="growingSpace"
                defaultValue={prefs.growingSpace?.kind ?? ""}
                className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2"
              >
                <option value="">Not sure yet</option>
                {GROWING_SPACES.map((g) => (
                  <option key={g} value={g}>
                    {LABELS[g]}
                  </option>
                ))}
              </select>
            </FormField>
            {prefs.surveyData && Object.keys(prefs.surveyData).length > 0 && (
              <div className="rounded-xl bg-cream px-4 py-3 text-sm">
                <p className="font-semibold">Your survey answers</p>
                <ul className="mt-1">
                  {prefs.surveyData.experience && (
                    <li>Experience: {prefs.surveyData.experience}</li>
                  )}
                  {prefs.surveyData.timePerWeek && (
                    <li>Time each week: {prefs.surveyData.timePerWeek}</li>
                  )}
                  {prefs.surveyData.recommendedPlan && (
                    <li>Recommended plan: {prefs.surveyData.recommendedPlan}</li>
                  )}
                </ul>
              </div>
            )}
            <button type="submit" className="btn-primary" disabled={busyIntent === "save-profile"}>
              {busyIntent === "save-profile" ? "Saving..." : "Save profile"}
            </button>
          </Form>
        </Section>

        <Section id="planting-calendar" title="Your planting calendar">
          <PersonalCalendarPanel
            calendar={calendar}
            result={forIntent(CALENDAR_INTENTS.plan) ?? forIntent(CALENDAR_INTENTS.reset)}
            busyIntent={busyIntent}
          />
        </Section>

        <div className="flex flex-col gap-6">
          <Section id="email-address" title="Email address">
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="intent" value="change-email" />
              <p className="text-sm text-ink/80">
                You sign in with <strong className="break-all">{user.email}</strong>.
              </p>
              {em?.ok && <FormMessage tone="success">{em.message}</FormMessage>}
              {em?.reauth && <Reauth />}
              <FormField
                id="newEmail"
                name="newEmail"
                type="email"
                label="New email address"
                autoComplete="email"
                required
                error={em?.fieldErrors?.newEmail}
              />
              <button type="submit" className="btn-secondary">
                Change email
              </button>
            </Form>
          </Section>

          <Section id="password" title="Change password">
            <Form method="post" className="flex flex-col gap-5" noValidate>
              <input type="hidden" name="intent" value="change-password" />
              {pw?.ok && <FormMessage tone="success">{pw.message}</FormMessage>}
              {pw?.reauth && <Reauth />}
              <FormField
                id="currentPassword"
                name="currentPassword"
                type="password"
                label="Current password"
                autoComplete="current-password"
                required
                error={pw?.fieldErrors?.currentPassword}
              />
              <FormField
                id="newPassword"
                name="newPassword"
                type="password"
                label="New password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN}
                maxLength={PASSWORD_MAX}
                hint={`At least ${PASSWORD_MIN} characters.`}
                error={pw?.fieldErrors?.newPassword}
              />
              <button type="submit" className="btn-secondary">
                Change password
              </button>
            </Form>
          </Section>

          <Section id="two-factor" title="Two-factor sign-in">
            <TwoFactor enabled={user.twoFactorEnabled} result={result} />
          </Section>

          <Section id="phone-sign-in" title="Sign in by text message">
            <PhoneLink current={user.phoneNumber} result={result} busyIntent={busyIntent} />
          </Section>

          <Section id="sms-reminders" title="Garden reminders by text">
            <SmsRemindersPanel
              view={loaderData.smsReminders}
              result={result}
              busyIntent={busyIntent}
            />
          </Section>

          <Section id="growing-tips" title="Monthly growing tips by e-mail">
            <GrowingTipsSetting
              on={!profile.tipsOptedOutAt}
              email={user.email}
              emailVerified={user.emailVerified}
              busy={busyIntent === GROWING_TIPS_INTENT}
            />
          </Section>

          <Section id="devices" title="Signed-in devices">
            <ul className="flex flex-col gap-3" data-testid="devices">
              {devices.map((d) => (
                <li
                  key={d.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink/10 px-4 py-3"
                >
                  <div>
                    <p className="font-semibold">
                      {deviceName(d.userAgent)}
                      {d.current && (
                        <span className="ml-2 rounded-full bg-leaf/10 px-2 py-0.5 text-xs text-leaf-dark">
                          This device
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-ink/70">Last active {when(d.lastActiveAt)}</p>
                  </div>
                  {!d.current && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke-session" />
                      <input type="hidden" name="sessionId" value={d.id} />
                      <button
                        type="submit"
                        className="btn-light min-h-11 border border-ink/10 text-sm"
                      >
                        Sign out
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
            <div className="mt-4 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-others" />
                <button type="submit" className="btn-secondary">
                  Sign out all other devices
                </button>
              </Form>
              <Form method="post" onSubmit={clearLocalUserData}>
                <input type="hidden" name="intent" value="revoke-all" />
                <button type="submit" className="btn-light border border-ink/10">
                  Sign out everywhere
                </button>
              </Form>
            </div>
          </Section>

          <Section id="your-data" title="Your data">
            <Form method="post" reloadDocument className="flex flex-col gap-4">
              <input type="hidden" name="intent" value="export-data" />
              <p className="text-sm text-ink/80">
                Download everything we hold about your account as a JSON file (Privacy Act 2020).
              </p>
              <FormField
                id="exportPassword"
                name="password"
                type="password"
                label="Confirm with your password"
                autoComplete="current-password"
                required
                error={exp?.fieldErrors?.exportPassword}
              />
              <button type="submit" className="btn-secondary">
                Download my data
              </button>
            </Form>
            <Form
              method="post"
              className="mt-8 flex flex-col gap-4 border-t border-ink/10 pt-6"
              onSubmit={clearLocalUserData}
            >
              <input type="hidden" name="intent" value="delete-account" />
              <h3 className="text-xl font-bold text-clay-dark">Delete my account</h3>
              <p className="text-sm text-ink/80">
                This removes your account, profile and signed-in devices for good. Your waitlist
                entry stays until you unsubscribe from it.
              </p>
              {del?.reauth ? (
                <Reauth />
              ) : (
                del &&
                !del.ok &&
                !del.fieldErrors && <FormMessage tone="error">{del.message}</FormMessage>
              )}
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  name="confirm"
                  value="yes"
                  required
                  className="mt-1 h-5 w-5 accent-clay-dark"
                  aria-invalid={del?.fieldErrors?.confirm ? true : undefined}
                  aria-describedby={del?.fieldErrors?.confirm ? "confirm-error" : undefined}
                />
                <span>I understand my account can't be recovered.</span>
              </label>
              {del?.fieldErrors?.confirm && (
                <p id="confirm-error" className="text-sm font-medium text-clay-dark">
                  {del.fieldErrors.confirm}
                </p>
              )}
              <FormField
                id="deletePassword"
                name="password"
                type="password"
                label="Your password"
                autoComplete="current-password"
                required
                error={del?.fieldErrors?.deletePassword}
              />
              <button
                type="submit"
                className="btn bg-clay-dark text-white hover:bg-clay"
                disabled={busyIntent === "delete-account"}
              >
                Delete my account
              </button>
            </Form>
          </Section>
        </div>
      </div>
    </div>
  );
}

function PhoneLink({
  current,
  result,
  busyIntent,
}: {
  current: string | null;
  result: Answer | undefined;
  busyIntent: string;
}) {
  const mine = result?.intent.startsWith("phone-link-") ? result : undefined;
  const codeStep =
    mine !== undefined &&
    ((mine.intent === "phone-link-send" && mine.ok) ||
      (mine.intent === "phone-link-verify" && !mine.ok));
  if (mine?.intent === "phone-link-verify" && mine.ok) {
    return <FormMessage tone="success">{mine.message}</FormMessage>;
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink/80">
        {current
          ? `Your sign-in number is ${current}. To change it, verify a new one.`
          : "Verify your mobile number to sign in with a 6-digit code by text message."}
      </p>
      {codeStep ? (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="phone-link-verify" />
          <input type="hidden" name="phone" value={mine?.phone ?? ""} />
          {mine?.ok && <FormMessage tone="success">{mine.message}</FormMessage>}
          <FormField
            id="phoneCode"
            name="code"
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            error={!mine?.ok ? (mine?.fieldErrors?.code ?? mine?.message) : undefined}
          />
          <button
            type="submit"
            className="btn-secondary"
            disabled={busyIntent === "phone-link-verify"}
          >
            Verify number
          </button>
        </Form>
      ) : (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="phone-link-send" />
          <FormField
            id="signInPhone"
            name="phone"
            type="tel"
            label="Mobile number"
            autoComplete="tel"
            required
            defaultValue={mine?.phone ?? ""}
            error={!mine?.ok ? (mine?.fieldErrors?.phone ?? mine?.message) : undefined}
          />
          <button
            type="submit"
            className="btn-secondary"
            disabled={busyIntent === "phone-link-send"}
          >
            Text me a code
          </button>
        </Form>
      )}
    </div>
  );
}

function TwoFactor({ enabled, result }: { enabled: boolean; result: Answer | undefined }) {
  const mine = result?.intent.startsWith("2fa-") ? result : undefined;
  const setup = mine?.setup;
  if (mine?.intent === "2fa-confirm" && mine.ok) {
    return <FormMessage tone="success">{mine.message}</FormMessage>;
  }
  if (setup) {
    return (
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="2fa-confirm" />
        <input type="hidden" name="setup" value={JSON.stringify(setup)} />
        <ol className="list-decimal space-y-3 pl-5 text-sm">
          <li>
            In your authenticator app, add an account with this key (or{" "}
            <a href={setup.totpUri} className="font-semibold text-leaf underline">
              open it in the app
            </a>{" "}
            on this phone):
            <code
              className="mt-1 block rounded-lg bg-cream px-3 py-2 font-mono text-base break-all"
              data-testid="totp-secret"
            >
              {setup.secret}
            </code>
          </li>
          <li>
            Save these recovery codes somewhere safe. Each works once if you lose your phone:
            <ul className="mt-1 grid grid-cols-2 gap-1 font-mono" data-testid="recovery-codes">
              {setup.backupCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </li>
          <li>Enter the 6-digit code the app shows to finish.</li>
        </ol>
        <FormField
          id="totpCode"
          name="code"
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={mine?.fieldErrors?.code}
        />
        <button type="submit" className="btn-secondary">
          Turn on two-factor sign-in
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value={enabled ? "2fa-disable" : "2fa-start"} />
      <p className="text-sm text-ink/80">
        {enabled
          ? "Two-factor sign-in is on: signing in needs a code from your authenticator app."
          : "Add a code from an authenticator app to your password, so a stolen password alone can't open your account."}
      </p>
      {mine?.reauth && <Reauth />}
      {mine?.ok && mine.message && <FormMessage tone="success">{mine.message}</FormMessage>}
      <FormField
        id="twoFactorPassword"
        name="password"
        type="password"
        label="Your password"
        autoComplete="current-password"
        required
        error={mine?.fieldErrors?.twoFactorPassword}
      />
      <button type="submit" className="btn-secondary">
        {enabled ? "Turn off two-factor sign-in" : "Set up two-factor sign-in"}
      </button>
    </Form>
  );
}

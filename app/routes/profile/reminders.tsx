// /profile/reminders: the member's own planting calendar (its feed and box size), garden reminders
// by text, the monthly growing tips by e-mail and "Your garden this month" (issue 23).
import { statusOf } from "#app/lib/outcome.ts";
import { retryAfterHeader } from "#app/lib/retry-after-header.ts";
import { formValues } from "#app/modules/accounts/accounts.schema.ts";
import { getProfile } from "#app/modules/accounts/get-profile.server.ts";
import { requireUser } from "#app/modules/accounts/require-user.server.ts";
import { gardenEmailOn, setGardenEmail } from "#app/modules/garden/garden-email-opt-out.server.ts";
import {
  GARDEN_EMAIL_INTENT,
  GARDEN_EMAIL_MESSAGES,
  GardenEmailSetting,
} from "#app/modules/garden/garden-email-setting.tsx";
import { getGarden } from "#app/modules/garden/get-garden.server.ts";
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
import {
  getSmsReminders,
  saveSmsReminders,
  switchOffSmsReminders,
} from "#app/modules/reminders/manage-sms-reminders.server.ts";
import { SmsRemindersPanel } from "#app/modules/reminders/sms-reminders-panel.tsx";
import type { Route } from "./+types/reminders";
import { answer, readForm, said, unknownIntent } from "#app/modules/accounts/profile/answer.ts";
import { Section, useAnswer } from "#app/modules/accounts/profile/profile-ui.tsx";

// A refused form keeps its Retry-After (app/lib/retry-after-header.ts).
export const headers = retryAfterHeader;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [profile, calendar, smsReminders, gardenOn, garden] = await Promise.all([
    getProfile(user.id),
    getPersonalCalendar(user.id),
    getSmsReminders(user.id),
    gardenEmailOn(user.id),
    getGarden(user.id),
  ]);
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    tipsOn: !profile.tipsOptedOutAt,
    garden: { on: gardenOn, hasPlan: garden.plan !== null },
    smsReminders,
    calendar: {
      region: calendar.region,
      planId: calendar.plan.id,
      planSize: calendar.plan.size,
      planFromSubscription: calendar.planFromSubscription,
      feedUrl: calendar.feedUrl,
      subscribeUrl: calendar.subscribeUrl,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { form, intent, meta } = await readForm(request, context);
  switch (intent) {
    case CALENDAR_INTENTS.plan: {
      const saved = await setCalendarPlan(user.id, formValues(form));
      return saved.ok
        ? said(intent, true, "Box size saved: your calendar follows it now.")
        : said(intent, false, saved.message, statusOf(saved));
    }
    case CALENDAR_INTENTS.reset:
      await resetCalendarToken(user.id);
      return said(intent, true, "Your calendar has a new address. Subscribe again with it.");
    case "sms-reminders-save":
      return answer(
        intent,
        await saveSmsReminders({ userId: user.id, input: formValues(form), meta }),
      );
    case "sms-reminders-off":
      return answer(intent, await switchOffSmsReminders(user.id));
    case GROWING_TIPS_INTENT: {
      const on = form.get("tips") === "on";
      await setGrowingTips(user.id, on);
      return said(intent, true, GROWING_TIPS_MESSAGES[on ? "on" : "off"]);
    }
    case GARDEN_EMAIL_INTENT: {
      const switched = await setGardenEmail(user.id, formValues(form));
      return switched.ok
        ? said(intent, true, GARDEN_EMAIL_MESSAGES[switched.on ? "on" : "off"])
        : said(intent, false, switched.message, 400);
    }
    default:
      return unknownIntent(intent);
  }
}

export default function ProfileReminders({ loaderData, actionData }: Route.ComponentProps) {
  const { calendar, smsReminders, email, emailVerified, tipsOn, garden } = loaderData;
  const { busyIntent, forIntent } = useAnswer(actionData);
  return (
    <>
      <Section id="planting-calendar" title="Your planting calendar">
        <PersonalCalendarPanel
          calendar={calendar}
          result={forIntent(CALENDAR_INTENTS.plan) ?? forIntent(CALENDAR_INTENTS.reset)}
          busyIntent={busyIntent}
        />
      </Section>
      <Section id="sms-reminders" title="Garden reminders by text">
        <SmsRemindersPanel view={smsReminders} result={actionData} busyIntent={busyIntent} />
      </Section>
      <Section id="growing-tips" title="Monthly growing tips by e-mail">
        <GrowingTipsSetting
          on={tipsOn}
          email={email}
          emailVerified={emailVerified}
          busy={busyIntent === GROWING_TIPS_INTENT}
        />
      </Section>
      <Section id="garden-email" title="Your garden this month, by e-mail">
        <GardenEmailSetting
          on={garden.on}
          hasPlan={garden.hasPlan}
          email={email}
          busy={busyIntent === GARDEN_EMAIL_INTENT}
        />
      </Section>
    </>
  );
}

// The admin's areas, in the order the admin navigation and the admin home list them.
import { paths } from "#app/lib/paths.ts";

export interface AdminArea {
  title: string;
  text: string;
  to: string;
}

export const ADMIN_AREAS: AdminArea[] = [
  {
    title: "Waitlist",
    text: "Contacts by region, exports and launch notices.",
    to: "/admin/waitlist",
  },
  { title: "Orders", text: "Orders, payments and refunds.", to: "/admin/orders" },
  {
    title: "Subscriptions",
    text: "Members' monthly boxes: figures, search, skip, pause, cancel and refunds.",
    to: paths.adminSubscriptions,
  },
  { title: "Products", text: "The catalogue, prices and stock.", to: "/admin/products" },
  {
    title: "Users",
    text: "Search, suspend and restore, sign a person out everywhere.",
    to: "/admin/users",
  },
  {
    title: "Boxes",
    text: "What goes in each month's box, and packing day: pick list and labels.",
    to: "/admin/boxes",
  },
  {
    title: "Credits",
    text: "Find a member's credit and history; grant or take back credit with a reason.",
    to: "/admin/credits",
  },
  {
    title: "Money",
    text: "What we owe customers, and each day's charges and refunds checked against the payment provider.",
    to: paths.adminMoney,
  },
  {
    title: "Gifts",
    text: "Gift boxes bought and redeemed; change the day, re-send the code e-mail, refund.",
    to: paths.adminGifts,
  },
  {
    title: "Suppressed e-mail",
    text: "Addresses that bounced or complained: no e-mail goes to them; remove one to mail it again.",
    to: paths.adminSuppressions,
  },
  {
    title: "Growing tips",
    text: "Preview each month's tips e-mail and send a month early.",
    to: "/admin/tips",
  },
  {
    title: "Coach inbox",
    text: "Members' gardening questions, longest waiting first: answer, note, saved replies, FAQ drafts.",
    to: paths.adminCoach,
  },
  {
    title: "GST return",
    text: "GST101A's figures for any period, the orders behind them, and the CSV for the return.",
    to: "/admin/gst",
  },
  {
    title: "Forecast",
    text: "Boxes due on each packing day of the next three months, by plan, zone and item; the grower's order.",
    to: "/admin/forecast",
  },
  {
    title: "Failed payments",
    text: "Whom to chase today: declined box payments, attempts, next retry, and a card-update reminder.",
    to: "/admin/chase",
  },
  {
    title: "Ship a run",
    text: "A packing day's boxes packed in one press, the courier's booking file, tracking imported back.",
    to: "/admin/ship",
  },
  {
    title: "Box stock",
    text: "Box items on hand, what the coming packing days need, what runs short; receive stock.",
    to: "/admin/stock",
  },
];

/** What a coach who is not an admin sees of the admin (ADR 071): the coach inbox only. */
export const COACH_AREAS: AdminArea[] = ADMIN_AREAS.filter((a) => a.to === paths.adminCoach);

// Pages that later work fills in: each says plainly what is coming and where to go meanwhile.
import { Link, useMatches } from "react-router";
import type { Route } from "./+types/coming-soon";

interface Soon {
  title: string;
  text: string;
}

const pages: Record<string, Soon> = {
  product: {
    title: "Start your garden",
    text: "Our grow box kits and the monthly plans, side by side, are nearly ready. Join the waitlist and we'll tell you the day they open in your region.",
  },
  "product-detail": {
    title: "Product details",
    text: "Each product will have its own page here with photos, what's in it and how to use it.",
  },
  products: {
    title: "All products",
    text: "The shop is being stocked: grow box kits, seeds and seedlings, soil and compost, and the few tools a beginner really needs.",
  },
  education: {
    title: "Education hub",
    text: "Plain-English guides for growing food in New Zealand: month-by-month planting for your region, soil, pests and what to do with each box.",
  },
  "education-legacy": {
    title: "The Patch philosophy",
    text: "Why we organise and you learn: the story behind Patch is being written up for this page.",
  },
  "education-what-is-patch": {
    title: "What is Patch?",
    text: "A guide to grow boxes and how the monthly service works is on its way.",
  },
  "education-slug-patrol": {
    title: "Slug patrol",
    text: "Safe, pet-friendly ways to keep slugs and snails off your seedlings: guide coming soon.",
  },
  "education-august-2025": {
    title: "August 2025 guide",
    text: "What to sow, plant and tend in late winter across New Zealand: guide coming soon.",
  },
  "education-strawberry-patch": {
    title: "Strawberry patch",
    text: "Growing strawberries in your box, from planting runners to the first summer harvest: guide coming soon.",
  },
  "education-soil-testing": {
    title: "Soil testing at home",
    text: "Simple tests for your soil and how to fix what they show: guide coming soon.",
  },
  "education-inside-the-box": {
    title: "Inside the box",
    text: "What arrives each month and what to do with it: guide coming soon.",
  },
  "education-june-2024": {
    title: "June guide",
    text: "Winter jobs for the garden, region by region: guide coming soon.",
  },
  "education-monthly": {
    title: "Monthly guide",
    text: "A guide for every month of the year, for every climate zone in Aotearoa, is on its way.",
  },
  "define-garden": {
    title: "Tell us about your space",
    text: "A short survey about your growing space, so we can recommend the right box, is coming soon.",
  },
  "survey-complete": {
    title: "Thanks for telling us about your space",
    text: "Your plan recommendation will appear here once the survey opens.",
  },
  checkout: {
    title: "Checkout",
    text: "Secure checkout is being set up. Your cart is saved in this browser until it opens.",
  },
  "post-checkout": {
    title: "Order confirmation",
    text: "Your order confirmation will appear here once checkout opens.",
  },
  profile: {
    title: "Your profile",
    text: "Accounts are coming soon: your growing space, address and orders will live here.",
  },
  signup: {
    title: "Create an account",
    text: "Accounts open soon. In the meantime, join the waitlist and we'll carry your details across.",
  },
  address: {
    title: "Delivery address",
    text: "Setting your delivery address arrives with accounts.",
  },
  waitlist: {
    title: "Join the waitlist",
    text: "We're launching region by region. The waitlist form is nearly ready.",
  },
  privacy: {
    title: "Privacy policy",
    text: "Our privacy policy under the New Zealand Privacy Act 2020 is being finalised. Until then, ask us anything about your data by e-mail.",
  },
  terms: {
    title: "Terms of service",
    text: "Our terms for orders, subscriptions, delivery and refunds under the Consumer Guarantees Act are being finalised.",
  },
  auth: { title: "Sign in", text: "Accounts open soon." },
  "auth-callback": { title: "Signing you in", text: "Accounts open soon." },
  login: { title: "Log in", text: "Accounts open soon." },
  admin: { title: "Admin", text: "The admin area opens with accounts." },
};

function pageFor(id: string | undefined): Soon {
  return pages[id ?? ""] ?? { title: "Coming soon", text: "This page is on its way." };
}

export function meta({ matches }: Route.MetaArgs) {
  const id = matches[matches.length - 1]?.id;
  const page = pageFor(id);
  return [
    { title: `${page.title} | Patch` },
    { name: "description", content: page.text },
    ...(id === "admin" || id?.startsWith("auth") || id === "login"
      ? [{ name: "robots", content: "noindex" }]
      : []),
  ];
}

export default function ComingSoon() {
  const matches = useMatches();
  const page = pageFor(matches[matches.length - 1]?.id);
  return (
    <section className="container-page flex min-h-[70vh] flex-col items-start justify-center pt-28 pb-20">
      <p className="rounded-full bg-sprout/25 px-3 py-1 text-sm font-semibold text-leaf-dark">
        Coming soon
      </p>
      <h1 className="mt-4 text-4xl font-bold sm:text-5xl">{page.title}</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink/80">{page.text}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/waitlist" className="btn-primary">
          Join the waitlist
        </Link>
        <Link to="/" className="btn-secondary">
          Back to home
        </Link>
      </div>
    </section>
  );
}

// Settings: referrals (places, farms, credit), a region's target to open, and launch waves.
import { creditMilestones, wholeNumber } from "./fields.ts";

export const waitlistShape = {
  // Referrals (issue 22, ADR 037): places a counted friend moves the referrer up their region's
  // queue; a farm is more than REFERRAL_FARM_MAX joins through one link from one connection within
  // REFERRAL_FARM_MINUTES; a region's progress toward opening is its confirmed contacts out of
  // REGION_OPEN_TARGET.
  REFERRAL_PLACES: wholeNumber("places", 10, [0, "must be 0 or more"]),
  REFERRAL_FARM_MAX: wholeNumber("sign-ups", 5, [1, "must be at least 1"]),
  REFERRAL_FARM_MINUTES: wholeNumber("minutes", 60, [1, "must be at least 1"]),
  // Credit a referrer earns (issue 22, ADR 040): "friends:cents" pairs, "3:500,10:1500" meaning 3
  // counted friends earn 500 cents and 10 earn 1500 more; empty for none.
  REFERRAL_CREDIT_MILESTONES: creditMilestones.default([
    { friends: 3, amount: 500 },
    { friends: 10, amount: 1500 },
  ]),
  REGION_OPEN_TARGET: wholeNumber("people", 200, [1, "must be at least 1"]),
  // Launch waves (ADR 041): hours a wave's claim link holds a spot before it passes to the next.
  WAVE_CLAIM_HOURS: wholeNumber(
    "hours",
    72,
    [1, "must be at least 1 hour"],
    [720, "must be at most 720 hours (30 days)"],
  ),
};

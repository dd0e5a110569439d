// The plan change's confirmation step (issue 39), on the member's page and, read out to them, on
// the admin's (issue 40): which of the member's swaps the new plan keeps and which it drops, said
// before anything changes; focus moves here so a screen reader hears it. The page gives its buttons.
import type { ReactNode } from "react";
import { TextList } from "#app/components/ui/text-list.tsx";
import type { PlanChangePreview } from "./change-subscription-plan.server.ts";

export function PlanConfirmation({
  confirm,
  whose,
  refusal,
  children,
}: {
  confirm: Pick<PlanChangePreview, "size" | "price" | "kept" | "dropped">;
  /** "Your" on the member's page, "The member's" on the admin's. */
  whose: string;
  refusal?: string;
  /** Confirm, and keep the plan. */
  children: ReactNode;
}) {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border-2 border-leaf bg-cream p-4"
      role="group"
      aria-labelledby="plan-confirm-heading"
    >
      <h3
        id="plan-confirm-heading"
        className="text-lg font-bold"
        tabIndex={-1}
        ref={(el) => el?.focus()}
      >
        Change to the {confirm.size} plan ({confirm.price} a month)?
      </h3>
      {refusal ? <p className="font-semibold text-clay-dark">{refusal}</p> : null}
      {confirm.kept.length > 0 ? (
        <div data-testid="plan-confirm-kept">
          <p className="font-semibold">{whose} swap stays in the new box:</p>
          <TextList className="list-disc pl-6" items={confirm.kept} />
        </div>
      ) : null}
      {confirm.dropped.length > 0 ? (
        <div data-testid="plan-confirm-dropped">
          <p className="font-semibold">
            This swap doesn&apos;t fit the {confirm.size} box and will be dropped:
          </p>
          <TextList className="list-disc pl-6" items={confirm.dropped} />
          <p className="text-sm text-ink/75">
            The box gets the new plan&apos;s own item instead. {whose === "Your" ? "You" : "They"}{" "}
            can swap again after the change.
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">{children}</div>
    </div>
  );
}

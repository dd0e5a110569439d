// "Your credit" on /profile/subscription (issue 22, ADR 040): the balance, the line that it pays
// for the next box before the card, and its history (date, reason, amount); an empty state
// without any. The system's own notes are shown; an admin's reason is theirs, not the member's.
import type { CreditLine } from "#app/modules/credits/get-credit-balance.server.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { Section } from "#app/modules/accounts/profile/profile-ui.tsx";

export interface CreditView {
  balance: number;
  balanceText: string;
  history: CreditLine[];
}

export function CreditPanel({ credit }: { credit: CreditView }) {
  return (
    <Section id="credit" title="Your credit">
      {credit.history.length === 0 ? (
        <p data-testid="credit-empty">
          You have no credit yet. Credit from friends who join through your waitlist link, or from
          us, shows here and pays for your next box before your card.
        </p>
      ) : (
        <>
          <p>
            Balance: <strong data-testid="credit-balance">{credit.balanceText}</strong>
          </p>
          <p className="mt-1 text-ink/80">
            Credit is used on your next box before your card is charged: the card pays only what
            credit doesn&apos;t cover.
          </p>
          <DataTable
            caption="Your credit's history, newest first"
            rows={credit.history}
            rowKey={(h) => h.id}
            columns={[
              { header: "Date", cell: (h) => h.date, td: "py-2 pr-3 align-top" },
              {
                header: "Reason",
                td: "py-2 pr-3 align-top wrap-anywhere",
                cell: (h) => (
                  <>
                    {h.reason}
                    {h.note && !h.byAdmin ? (
                      <span className="block text-sm text-ink/70">{h.note}</span>
                    ) : null}
                  </>
                ),
              },
              {
                header: "Amount",
                cell: (h) => (h.amount > 0 ? `+${h.amountText}` : h.amountText),
                th: "py-2 text-right font-semibold",
                td: "py-2 text-right align-top whitespace-nowrap",
              },
            ]}
            classes={{
              table: "mt-4 w-full text-left",
              caption: "sr-only",
              headRow: "border-b border-ink/15 text-sm text-ink/70",
              th: "py-2 pr-3 font-semibold",
              row: "border-b border-ink/10 last:border-0",
              td: "py-2 pr-3",
            }}
          />
        </>
      )}
    </Section>
  );
}

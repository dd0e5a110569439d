// /admin/gifts (admins only, ADR 049): every gift box bought, newest first: who bought it and for
// whom, the plan and months, what was paid, its status, when the recipient's e-mail goes or went,
// and who redeemed it as what. Found by part of an e-mail address or the code's last four
// characters (the code itself is never stored), filtered by status (a GET form, so it works
// without JavaScript), 50 to a page, each row linking to the gift's page.
import { Link } from "react-router";
import { TwoLines } from "#app/components/ui/data-table.tsx";
import { FilterSelect } from "#app/components/ui/options.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { nzDateTime } from "#app/lib/nz-time.ts";
import { paths } from "#app/lib/paths.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { GIFT_STATUS_LABELS, readGiftListQuery } from "#app/modules/gifts/admin-gifts.schema.ts";
import { giftSummary, REDEEMED_AS_LABELS } from "#app/modules/gifts/admin-gift-words.ts";
import { listGifts } from "#app/modules/gifts/list-gifts.server.ts";
import { formatBoxDate } from "#app/modules/subscriptions/box-dates.ts";
import { FoundList, ListSearch } from "#app/components/admin/list-parts.tsx";
import { adminMeta, underAdmin } from "#app/components/admin/admin-page.ts";
import type { Route } from "./+types/gifts";

export const meta = () => adminMeta("Gifts");

export const handle = underAdmin("Gifts");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readGiftListQuery(new URL(request.url).searchParams);
  return { query, list: await listGifts({ query }) };
}

export default function AdminGifts({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Gifts</h1>
      <ListSearch
        name="Find gifts"
        label={<>E-mail address or the code&rsquo;s last four characters</>}
        placeholder="e.g. aroha@example.nz or P3WA"
        defaultValue={query.q ?? ""}
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        <FilterSelect
          name="status"
          label="Status"
          defaultValue={query.status ?? ""}
          items={[["", "All"], ...Object.entries(GIFT_STATUS_LABELS)]}
        />
      </ListSearch>
      <FoundList
        list={list}
        words={["gift", "gifts"]}
        query={query}
        keys={["q", "status"]}
        allTo={paths.adminGifts}
        none={{
          match:
            "No gift matches. Try another address, the code's last four characters, or another status.",
          yet: "No gifts yet. When someone buys a gift box at /gift it shows here.",
        }}
        emptyTestId="no-gifts"
        caption="Gifts, newest first"
        columns={[
          {
            header: "Bought",
            cell: (g) => (
              <TwoLines
                main={
                  <Link to={paths.adminGift(g.id)} className="font-semibold underline">
                    {nzDateTime(g.createdAt)}
                  </Link>
                }
                sub={g.codeEnd ? `Code ends ${g.codeEnd}` : "—"}
              />
            ),
          },
          { header: "Buyer", cell: (g) => <TwoLines main={g.buyerName} sub={g.buyerEmail} /> },
          {
            header: "Recipient",
            cell: (g) => <TwoLines main={g.recipientName} sub={g.recipientEmail} />,
          },
          {
            header: "Gift",
            cell: (g) => <TwoLines main={giftSummary(g)} sub={formatMoney(g.amount, g.currency)} />,
          },
          { header: "Status", cell: (g) => GIFT_STATUS_LABELS[g.status] },
          {
            header: "E-mail",
            cell: (g) =>
              g.sentAt ? `Sent ${nzDateTime(g.sentAt)}` : `Goes ${formatBoxDate(g.sendOn)}`,
          },
          {
            header: "Redeemed",
            cell: (g) =>
              g.redeemedAt ? (
                <TwoLines
                  main={g.redeemedByEmail ?? "A deleted account"}
                  sub={g.redeemedAs ? REDEEMED_AS_LABELS[g.redeemedAs] : ""}
                />
              ) : (
                "Not yet"
              ),
          },
        ]}
      />
    </>
  );
}

// /admin/tips/preview?month=&zone=: a month's growing-tips e-mail as the HTML document it is, for
// the sandboxed frame on /admin/tips (admins only; 401/403 else). server/app.ts lets our own pages
// frame this one path.
import { readTipsChoice } from "#app/modules/growing-tips/admin-tips.server.ts";
import { previewTipsEmail } from "#app/modules/growing-tips/compose-tips-email.server.ts";
import { adminFileLoader } from "#app/modules/accounts/admin-query.server.ts";

export const loader = adminFileLoader((query) => {
  const { month, zone } = readTipsChoice(query);
  return new Response(previewTipsEmail(month, zone).html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
});

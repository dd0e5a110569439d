// Outside production: the mailbox of the file outbox, so people trying the site can read the
// e-mails it sends (confirmations, order e-mails) without an SMTP server. Only with the key the
// server prints at start (app/lib/dev-tools-gate.server.ts): anyone else gets the 404 page.
import { noindexMeta } from "#app/lib/seo.ts";
import { requireDevTools } from "#app/lib/dev-tools-gate.server.ts";
import { readOutbox } from "#app/modules/notifications/read-outbox.server.ts";
import type { Route } from "./+types/dev-mail";

export const meta = () => noindexMeta("Dev mailbox");

export function loader({ request }: Route.LoaderArgs) {
  requireDevTools(request);
  return {
    messages: readOutbox()
      .slice(0, 50)
      .map(({ file, to, subject, date, text }) => ({ file, to, subject, date, text })),
  };
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page pt-28 pb-20">
      <h1 className="text-3xl font-bold">Dev mailbox</h1>
      <p className="mt-2 text-ink/70">
        E-mails written to the outbox folder, newest first. Not available in production.
      </p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8">No e-mails yet.</p>
      ) : (
        <ul className="mt-8 space-y-4">
          {loaderData.messages.map((m) => (
            <li key={m.file} className="rounded-2xl bg-white p-5 shadow-sm">
              <details>
                <summary className="cursor-pointer">
                  <strong>{m.subject}</strong> to {m.to}{" "}
                  <span className="text-ink/60">· {m.date}</span>
                </summary>
                <pre className="mt-4 overflow-x-auto text-sm whitespace-pre-wrap">{m.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

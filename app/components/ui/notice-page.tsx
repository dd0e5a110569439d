// A page that is one short notice under its heading, in a narrow column: the pages opened from an
// e-mail's link (confirm, claim a spot, the waitlist status) and what they answer.
import type { ReactNode } from "react";

export function NoticePage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="container-page max-w-2xl pt-32 pb-24">
      <h1 className="text-4xl font-bold">{title}</h1>
      {children}
    </section>
  );
}

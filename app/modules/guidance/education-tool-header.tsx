// The header of a tool page under Education (the garden planner, the planting layouts): the way
// back to Education, the page's heading and its introduction; left out when the page is printed.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";

export function EducationToolHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="max-w-3xl print:hidden">
      <nav aria-label="Breadcrumb" className="text-sm text-ink/70">
        <Link to={paths.education} className="underline-offset-4 hover:text-leaf hover:underline">
          Education
        </Link>
      </nav>
      <h1 className="mt-4 text-4xl font-bold sm:text-5xl">{title}</h1>
      {children}
    </header>
  );
}

import { Link } from "react-router";
import { paths } from "#app/lib/paths.ts";

export const CTA_TEXT = "30 minutes a week and a patch of dirt. That's all you need.";

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="bg-leaf-dark text-cream">
      <div className="container-page flex flex-col items-center gap-8 py-20 text-center sm:py-24">
        <h2 id="cta-title" className="max-w-3xl text-3xl font-bold sm:text-5xl">
          {CTA_TEXT}
        </h2>
        <Link to={paths.product} className="btn bg-sun px-8 text-lg text-ink hover:bg-cream">
          Start Your Garden Today
        </Link>
      </div>
    </section>
  );
}

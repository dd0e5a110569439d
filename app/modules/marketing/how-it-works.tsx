// How It Works (SPEC §2): the intro, then the feature blocks from data, alternating sides.
import { Picture } from "#app/components/ui/picture.tsx";
import { howItWorksBlocks } from "./feature-blocks.ts";

export function HowItWorks() {
  const blocks = howItWorksBlocks();
  return (
    <section
      id="how-it-works"
      tabIndex={-1}
      aria-labelledby="how-it-works-title"
      className="scroll-mt-16 py-20 outline-none sm:py-28"
    >
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="font-semibold tracking-widest text-leaf uppercase">How It Works</p>
          <h2 id="how-it-works-title" className="mt-2 text-4xl font-bold sm:text-5xl">
            A garden that runs itself, and teaches you as it grows
          </h2>
          <p className="mt-5 text-lg text-ink/80">
            You bring a sunny spot and half an hour a week. We send what your box needs each month,
            tell you what to do and when, and help whenever you're unsure. Season by season you
            learn how food grows, in your own backyard.
          </p>
        </div>
        <ol className="mt-16 space-y-16 sm:mt-20 sm:space-y-24">
          {blocks.map((block, index) => {
            const img = block.images[0];
            return (
              <li
                key={block.id}
                data-block={block.id}
                className="grid items-center gap-8 md:grid-cols-2 md:gap-14"
              >
                <div
                  className={`overflow-hidden rounded-3xl shadow-lg ${index % 2 === 1 ? "md:order-2" : ""}`}
                  style={{ backgroundColor: block.backgroundColor }}
                >
                  {img && (
                    <Picture
                      base={img.base}
                      widths={[400, 800]}
                      width={img.width}
                      height={img.height}
                      alt={img.alt}
                      sizes="(min-width: 768px) 560px, 92vw"
                      className="h-auto w-full"
                    />
                  )}
                </div>
                <div>
                  <p className="flex items-center gap-3 font-semibold text-leaf">
                    <span className="flex h-9 w-9 items-center justify-center rounded-full bg-leaf text-sm text-white">
                      {index + 1}
                    </span>
                    <span className="sr-only">Step {index + 1}: </span>
                  </p>
                  <h3 className="mt-3 text-3xl font-bold sm:text-4xl">{block.title}</h3>
                  <p className="mt-2 text-xl font-medium text-soil">{block.headline}</p>
                  <p className="mt-4 text-lg leading-relaxed text-ink/80">{block.description}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

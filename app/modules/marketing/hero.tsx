// The home page hero (SPEC §2 "Home page", §4 hero video): the poster picture is the page's largest
// paint and is always there; the looping video is added only after the page has loaded, fades in
// once it plays, and on any failure is dropped, leaving the gradient and the poster.
import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { paths } from "#app/lib/paths.ts";

export const HERO_TAGS = ["Plants", "Soil", "Personalized Tips", "Delivery"] as const;

export const heroPoster = {
  landscape: [640, 1280, 1920].map((w) => ({ w, base: `/images/home/hero-${w}` })),
  portrait: [480, 828].map((w) => ({ w, base: `/images/home/hero-portrait-${w}` })),
};

const LANDSCAPE = "(orientation: landscape)";
const PORTRAIT = "(orientation: portrait)";

/**
 * Preloads the poster through React's resource hoisting, which writes high-priority image
 * preloads at the very top of <head>, ahead of the stylesheet and the module preloads, so the
 * page's largest paint starts downloading first.
 */
function preloadPoster() {
  const set = (list: { w: number; base: string }[]) =>
    list.map(({ w, base }) => `${base}.avif ${w}w`).join(", ");
  preload(`${heroPoster.portrait[0]!.base}.avif`, {
    as: "image",
    type: "image/avif",
    imageSrcSet: set(heroPoster.portrait),
    imageSizes: "100vw",
    media: PORTRAIT,
    fetchPriority: "high",
  });
  preload(`${heroPoster.landscape[1]!.base}.avif`, {
    as: "image",
    type: "image/avif",
    imageSrcSet: set(heroPoster.landscape),
    imageSizes: "100vw",
    media: LANDSCAPE,
    fetchPriority: "high",
  });
}

type VideoState = "waiting" | "loading" | "playing" | "failed";

export function Hero({ shopUrl }: { shopUrl: string }) {
  preloadPoster();
  const [video, setVideo] = useState<VideoState>("waiting");
  const videoRef = useRef<HTMLVideoElement>(null);
  const pictureRef = useRef<HTMLImageElement>(null);
  const [poster, setPoster] = useState<string>();
  const failed = useRef(false);

  // Start the video only once the page (and so the poster) has loaded and the browser is idle, and not at all for people
  // who prefer reduced motion or have asked to save data.
  useEffect(() => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
      ?.saveData;
    if (reduced || saveData) return;
    // The video's poster is the picture the browser already chose for this screen, so it costs no
    // second download and does not paint as a new, later largest image.
    const start = () => {
      setPoster(pictureRef.current?.currentSrc || undefined);
      setVideo("loading");
    };
    // After the load event, and then only once the browser is idle (issue 20: nothing heavy at
    // load), so the video's download and first frames never compete with the page's own work.
    let idle = 0;
    const afterLoad = () => {
      idle =
        typeof requestIdleCallback === "function"
          ? requestIdleCallback(start, { timeout: 3000 })
          : window.setTimeout(start, 200);
    };
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
    return () => {
      window.removeEventListener("load", afterLoad);
      if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  useEffect(() => {
    const el = videoRef.current;
    if (video !== "loading" || !el) return;
    el.play().catch((error: unknown) => fail(error));
  }, [video]);

  function fail(error: unknown) {
    if (failed.current) return;
    failed.current = true;
    console.warn("Hero video failed; showing the poster instead.", error);
    setVideo("failed");
  }

  function learnMore(event: React.MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById("how-it-works");
    if (!target) return;
    event.preventDefault();
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
    target.focus({ preventScroll: true });
    history.replaceState(null, "", "#how-it-works");
  }

  const set = (list: { w: number; base: string }[], ext: string) =>
    list.map(({ w, base }) => `${base}.${ext} ${w}w`).join(", ");

  return (
    <section
      aria-labelledby="hero-title"
      data-video-state={video}
      className="relative isolate flex min-h-[92svh] items-end overflow-hidden bg-gradient-to-br from-leaf-dark via-leaf to-soil text-white sm:items-center"
    >
      <picture>
        <source
          media={PORTRAIT}
          type="image/avif"
          srcSet={set(heroPoster.portrait, "avif")}
          sizes="100vw"
        />
        <source
          media={PORTRAIT}
          type="image/webp"
          srcSet={set(heroPoster.portrait, "webp")}
          sizes="100vw"
        />
        <source type="image/avif" srcSet={set(heroPoster.landscape, "avif")} sizes="100vw" />
        <source type="image/webp" srcSet={set(heroPoster.landscape, "webp")} sizes="100vw" />
        <img
          ref={pictureRef}
          src="/images/home/hero-1280.webp"
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
          decoding="sync"
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
      </picture>
      {/* The video box stops 1 px short of the poster's: a browser reports a later paint as the
          page's largest only when it is larger, so the poster stays the largest paint even once the
          video fades in over it (a same-size video became a new, late LCP at first). */}
      {video !== "waiting" && video !== "failed" && (
        <video
          ref={videoRef}
          muted
          loop
          playsInline
          autoPlay
          preload="auto"
          aria-hidden="true"
          tabIndex={-1}
          poster={poster}
          onPlaying={() => setVideo("playing")}
          onError={(e) => fail(e.currentTarget.error)}
          className={`absolute inset-x-0 top-0 bottom-px -z-10 w-full object-cover transition-opacity duration-1000 ${
            video === "playing" ? "opacity-100" : "opacity-0"
          }`}
        >
          <source src="/media/hero-loop.webm" type="video/webm" />
          <source
            src="/media/hero-loop.mp4"
            type="video/mp4"
            onError={() => fail(new Error("no playable hero video source"))}
          />
        </video>
      )}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-ink/80 via-ink/35 to-ink/10 sm:bg-gradient-to-r sm:from-ink/75 sm:via-ink/40 sm:to-transparent"
      />
      <div className="container-page pt-28 pb-16 sm:pb-24">
        <div className="max-w-2xl">
          <h1
            id="hero-title"
            className="text-5xl leading-[1.05] font-bold drop-shadow-sm sm:text-7xl"
          >
            Garden supplies delivered
          </h1>
          <p className="mt-4 text-2xl font-medium text-cream sm:text-3xl">
            We organise. You learn.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href={shopUrl} target="_blank" rel="noopener" className="btn-primary px-8 text-lg">
              Shop
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a href="#how-it-works" onClick={learnMore} className="btn-light px-8 text-lg">
              Learn More
            </a>
          </div>
          <p className="mt-5">
            <a
              href={paths.defineGarden}
              className="font-semibold text-cream underline underline-offset-4 hover:text-white"
            >
              Which box suits my space?
            </a>{" "}
            <span className="text-cream/85">Six quick questions.</span>
          </p>
          <ul aria-label="What you get" className="mt-8 flex flex-wrap gap-2">
            {HERO_TAGS.map((tag) => (
              <li
                key={tag}
                className="rounded-full border border-white/40 bg-white/15 px-4 py-1.5 text-sm font-medium backdrop-blur-sm"
              >
                {tag}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

// Preact hydrates a React Router page in one task (ADR 055). What is below the fold and the same on
// every page (the footer) is kept during that task exactly as the server sent it, and drawn again
// by the app in an idle moment, in a task of its own, so the first task is shorter. Until then its
// links are plain links (a full page load, as without JavaScript); after it, the router's. The
// server, and React in the dev server, draw it at once.
import { useEffect, useState, type ReactNode } from "react";

const KEEP = { __html: "" };

export function DrawWhenIdle({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(import.meta.env.PREACT !== true);
  useEffect(() => {
    if (drawn) return;
    const draw = () => setDrawn(true);
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(draw, 200);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(draw, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, [drawn]);
  // Hydrating an element with inner HTML keeps its children as they are (Preact); drawing the
  // children later replaces them with the same markup, now the app's.
  return drawn ? (
    <div className="contents">{children}</div>
  ) : (
    <div className="contents" data-kept="" dangerouslySetInnerHTML={KEEP} />
  );
}

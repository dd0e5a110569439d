// A guide's illustration at its drawn size (1200×630, so the page doesn't jump as it loads):
// decorative unless alt text is given, and loaded lazily unless it is at the top of the page.
import type { ComponentProps } from "react";
import { ILLUSTRATION_SIZE } from "./guidance-content.ts";

export function Illustration({
  alt = "",
  eager = false,
  ...img
}: Omit<ComponentProps<"img">, "width" | "height" | "loading" | "decoding"> & {
  eager?: boolean;
}) {
  return (
    <img
      {...img}
      alt={alt}
      width={ILLUSTRATION_SIZE.width}
      height={ILLUSTRATION_SIZE.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}

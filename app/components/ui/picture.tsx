// A responsive picture in modern formats (AVIF, then WebP) with its width and height, so the page
// never shifts; lazy unless it is above the fold.
export interface PictureProps {
  /** Path without width and extension, e.g. /images/home/choose-plan */
  base: string;
  widths: number[];
  width: number;
  height: number;
  alt: string;
  sizes: string;
  className?: string;
  eager?: boolean;
}

export function Picture({
  base,
  widths,
  width,
  height,
  alt,
  sizes,
  className,
  eager,
}: PictureProps) {
  const set = (ext: string) => widths.map((w) => `${base}-${w}.${ext} ${w}w`).join(", ");
  const largest = widths[widths.length - 1];
  return (
    <picture>
      <source type="image/avif" srcSet={set("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={set("webp")} sizes={sizes} />
      <img
        src={`${base}-${largest}.webp`}
        width={width}
        height={height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding={eager ? "sync" : "async"}
        className={className}
      />
    </picture>
  );
}

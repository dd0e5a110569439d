// A product's picture: square, AVIF then WebP, 400 and 800 px wide.
import { Picture } from "#app/components/ui/picture.tsx";

export function ProductImage({
  base,
  alt,
  sizes,
  className,
  eager,
}: {
  base: string | undefined;
  alt: string;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  if (!base) return <div className={`aspect-square bg-cream-deep ${className ?? ""}`} />;
  return (
    <Picture
      base={base}
      widths={[400, 800]}
      width={800}
      height={800}
      alt={alt}
      sizes={sizes}
      eager={eager}
      className={`aspect-square w-full object-cover ${className ?? ""}`}
    />
  );
}

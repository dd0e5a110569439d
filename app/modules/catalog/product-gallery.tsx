// A product page's pictures: the one shown, and a thumbnail button for each when there are more
// than one. An island on /product/{id} (ADR 017, 036) when there is something to choose.
import { useState } from "react";
import { imageSrc } from "#app/lib/product-images.ts";
import { ProductImage } from "./product-image.tsx";

export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [shown, setShown] = useState(0);
  return (
    <div>
      <div className="overflow-hidden rounded-2xl bg-white">
        <ProductImage
          key={images[shown]}
          base={images[shown]}
          alt={name}
          sizes="(min-width: 768px) 45vw, 90vw"
          eager
        />
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label="More pictures">
          {images.map((base, i) => (
            <li key={base}>
              <button
                type="button"
                onClick={() => setShown(i)}
                aria-label={`Show picture ${i + 1} of ${images.length}`}
                aria-pressed={i === shown}
                className={`block w-20 overflow-hidden rounded-lg border-2 ${i === shown ? "border-leaf" : "border-transparent"}`}
              >
                <img src={imageSrc(base)} alt="" width={80} height={80} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

// GET /uploads/products/{file}: a picture an admin uploaded, in one of its sizes and formats
// (product-pictures.server.ts). A file's name never changes its bytes, so it is cached for a year.
import { getProductPicture } from "#app/modules/catalog/product-pictures.server.ts";
import type { Route } from "./+types/product-picture";

export async function loader({ params }: Route.LoaderArgs) {
  const picture = await getProductPicture(params.file);
  if (!picture) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(picture.bytes), {
    headers: {
      "Content-Type": picture.contentType,
      "Content-Length": String(picture.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

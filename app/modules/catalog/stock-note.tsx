import { LOW_STOCK } from "./catalog-choices.ts";

/** 'Sold out', 'Only N left' or 'In stock', for cards and the product page. */
export function StockNote({ stock, className = "" }: { stock: number; className?: string }) {
  if (stock <= 0) return <p className={`font-semibold text-clay-dark ${className}`}>Sold out</p>;
  if (stock <= LOW_STOCK)
    return <p className={`font-semibold text-clay-dark ${className}`}>Only {stock} left</p>;
  return <p className={`text-leaf ${className}`}>In stock</p>;
}

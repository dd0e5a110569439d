// Product picture paths, shared by the catalogue and the cart (and apart from the catalogue's zod
// schemas, so the cart ships no validation library).

/** The largest image of a base path, for the cart and e-mails. */
export const imageSrc = (base: string, width: 400 | 800 = 400) => `${base}-${width}.webp`;

// zod for modules that also run in the browser. zod 4 compiles fast parsers with `new Function`
// when it can; our CSP allows no eval, so in the browser that probe is a CSP violation report on
// every page with a form. There it runs without the compiler (jitless); the server keeps it.
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };

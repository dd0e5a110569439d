// Settings: how the app runs and where it is (APP_ENV, the port and host, SITE_URL) and the
// brand's own words and addresses.
import { z } from "zod";
import { optionalString } from "./fields.ts";

export const siteShape = {
  // APP_ENV decides how strict we are (secrets required, https, HSTS, no demo payments).
  // NODE_ENV only tells libraries to run their optimised builds; `npm start` sets it to production.
  APP_ENV: z.enum(["development", "production", "test"]).optional(),
  NODE_ENV: z.string().optional(),
  PORT: z.coerce
    .number({ message: "must be a port number between 1 and 65535" })
    .int()
    .min(1)
    .max(65535)
    .default(3000),
  HOST: z.string().default("0.0.0.0"),
  // Unset: http://localhost:<PORT>, so links follow the address the server listens on.
  SITE_URL: optionalString.pipe(
    z.url({ message: "must be an absolute URL like https://patch.nz" }).optional(),
  ),
  BRAND_NAME: z.string().trim().min(1).default("Patch"),
  CONTACT_EMAIL: z.email().default("hello@patch.nz"),
  CONTACT_PHONE: z
    .string()
    .regex(/^\+?[0-9 ()-]{6,20}$/, { message: "must be a phone number like +64 9 555 0142" })
    .default("+64 9 555 0142"),
  SOCIAL_URL: z.url().default("https://www.instagram.com/patch.nz"),
  SHOP_URL: optionalString.pipe(z.url().optional()),
  SURVEY_URL: optionalString.pipe(z.url().optional()),
};

/** Hosts a browser treats as secure over plain http, so it keeps Secure cookies there. */
export const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

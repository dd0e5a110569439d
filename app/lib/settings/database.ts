// Settings: the database (PostgreSQL, or the embedded one) and its pool.
import { z } from "zod";

export const databaseShape = {
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|pglite:\/\/|memory:\/\/)/, {
      message: "must start with postgres://, pglite:// or memory://",
    })
    .default("pglite://./.data/db"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
};

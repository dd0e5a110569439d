// Every job the worker handles, gathered from the areas that define them.
import { z } from "zod";
import { pruneRateLimits } from "../app/lib/rate-limit.server.ts";
import { defineJob, type JobDefinition } from "../app/lib/queue.server.ts";

const pruneRateLimitsJob = defineJob({
  name: "platform.prune-rate-limits",
  payload: z.object({}).passthrough(),
  cron: "17 * * * *",
  retryLimit: 2,
  handle: async () => {
    await pruneRateLimits();
  },
});

export const jobs: JobDefinition[] = [pruneRateLimitsJob as JobDefinition];

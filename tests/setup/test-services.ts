// One call registers what a test file runs against, and closes it again after the file: a fresh
// database (test-database.ts) with the file's settings, optionally an in-process SMTP server the
// mailer sends to (its inbox emptied before each test), a fake Stripe API, and the queue, with the
// queues of the jobs drainQueue will run made, or workers of the test's own started.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { closeMail } from "#app/lib/mail.server.ts";
import {
  createQueues,
  startQueue,
  startWorking,
  stopQueue,
  type JobDefinition,
} from "#app/lib/queue.server.ts";
import { drainQueue } from "./drain-queue.ts";
import { startSmtp, type TestSmtp } from "./smtp.ts";
import { startStripeApi, stripeSettings, type FakeStripe } from "./stripe-api.ts";
import { emptyDatabase, openTestDatabase, type TestDatabase } from "./test-database.ts";

type Jobs = readonly JobDefinition[];

export interface TestServicesOptions {
  /**
   * Settings over the test defaults and SITE_URL https://patch.test. A function is called once the SMTP server and fake Stripe
   * have started (it is given the fake Stripe), or what a `beforeAll` the file registered earlier
   * started.
   */
  settings?:
    Record<string, string> | ((started: { stripe?: FakeStripe }) => Record<string, string>);
  /** Start an SMTP server and point SMTP_URL at it. */
  smtp?: boolean;
  /**
   * Start a fake Stripe API and point the settings at it (stripeSettings), with this webhook
   * signing secret when one is given; with `pointSettings: false` the fake only runs, and the file
   * pays with the demo provider until a test switches (setSettings with stripeSettings).
   */
  stripe?: boolean | { webhookSecret?: string; pointSettings?: boolean };
  /** Start the queue and make these jobs' queues (the test runs them with drainQueue). */
  queues?: Jobs;
  /** Start the queue and workers in the test's process for these jobs. */
  workers?: Jobs;
  /**
   * Before each test, run the jobs still due (queues and workers) and empty the database, for
   * files whose tests each need to be alone (a send that goes to everyone).
   */
  emptyBeforeEach?: boolean;
}

export interface TestServices {
  /** The file's database (from its first test on). */
  readonly database: TestDatabase;
  /** The SMTP server, when asked for. */
  readonly smtp: TestSmtp;
  /** The fake Stripe API, when asked for. */
  readonly stripe: FakeStripe;
}

export function testServices(options: TestServicesOptions = {}): TestServices {
  let database: TestDatabase | undefined;
  let smtp: TestSmtp | undefined;
  let stripe: FakeStripe | undefined;
  const usesQueue = Boolean(options.queues ?? options.workers);

  beforeAll(async () => {
    if (options.smtp) smtp = await startSmtp();
    if (options.stripe) stripe = await startStripeApi("sk_test_fake");
    const settings =
      typeof options.settings === "function"
        ? options.settings({ stripe })
        : (options.settings ?? {});
    database = await openTestDatabase({
      SITE_URL: "https://patch.test",
      ...(smtp && { SMTP_URL: smtp.url }),
      ...(stripe &&
        !(typeof options.stripe === "object" && options.stripe.pointSettings === false) &&
        stripeSettings(
          stripe,
          typeof options.stripe === "object" ? options.stripe.webhookSecret : undefined,
        )),
      ...settings,
    });
    if (!usesQueue) return;
    await startQueue(database.handle, { connectionString: database.url });
    if (options.queues) await createQueues([...options.queues]);
    if (options.workers) await startWorking([...options.workers]);
  });
  if (options.smtp || options.emptyBeforeEach)
    beforeEach(async () => {
      if (options.emptyBeforeEach) {
        if (usesQueue) await drainQueue([...(options.queues ?? []), ...(options.workers ?? [])]);
        await emptyDatabase();
      }
      if (!smtp) return;
      smtp.messages.length = 0;
      smtp.failing = false;
    });
  afterAll(async () => {
    if (smtp) closeMail();
    if (usesQueue) await stopQueue();
    await database?.close();
    await smtp?.close();
    await stripe?.close();
  });

  return {
    get database() {
      if (!database) throw new Error("the test database opens in beforeAll");
      return database;
    },
    get smtp() {
      if (!smtp) throw new Error("no SMTP server: pass { smtp: true } to testServices");
      return smtp;
    },
    get stripe() {
      if (!stripe) throw new Error("no fake Stripe: pass { stripe: true } to testServices");
      return stripe;
    },
  };
}

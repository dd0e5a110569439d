// The one artefact's figures (issue 38, ADR 067): `podman build` of the image cold (no layer
// reused) and warm (one source file changed, as a release after a code change is), and the compose
// stack (db, migrate, web ×2, worker) from nothing to all healthy; beside them, the reference of
// the same run: `npm ci` + `npm run build` on the host, in a fresh copy of this commit.
// Needs root with podman, runc, debootstrap and podman-compose (Debian packages). Builds from a
// copy of HEAD (git archive), so what is measured is the committed code.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { printTable } from "./lib.ts";

const env = {
  ...process.env,
  CONTAINERS_CONF: join(process.cwd(), "scripts/container/containers.conf"),
  BUILDAH_FORMAT: "docker",
};

function timed(label: string, cmd: string, args: string[], cwd: string): number {
  const started = performance.now();
  const run = spawnSync(cmd, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (run.status !== 0) {
    console.error(`${label} failed:\n${(run.stdout + run.stderr).slice(-4000)}`);
    process.exit(1);
  }
  // For a build: how many of its steps reused a layer, so a slow "warm" build is told apart
  // from one that rebuilt everything.
  const steps = ((run.stdout + run.stderr).match(/^\[\d\/\d\] STEP /gm) ?? []).length;
  const cached = ((run.stdout + run.stderr).match(/^--> Using cache /gm) ?? []).length;
  const reuse = cmd === "podman" ? ` (${cached} of ${steps} steps from the layer cache)` : "";
  console.error(`${label}: ${seconds} s${reuse}; load average ${loadavg()[0]!.toFixed(1)}`);
  return seconds;
}

const copy = mkdtempSync("/var/tmp/patch-bench-container-");
try {
  execFileSync("sh", ["-c", `git archive HEAD | tar -x -C ${copy}`]);
  const reference =
    timed("host npm ci", "npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], copy) +
    timed("host npm run build", "npm", ["run", "build"], copy);
  rmSync(join(copy, "node_modules"), { recursive: true, force: true });
  rmSync(join(copy, "build"), { recursive: true, force: true });

  const base = execFileSync("scripts/container-base.sh", { env, encoding: "utf8" }).trim();
  const build = (extra: string[]) => [
    "build",
    "--format",
    "docker",
    "--jobs",
    "2",
    "--build-arg",
    `BASE_IMAGE=${base}`,
    "-t",
    "localhost/patch:ci",
    ...extra,
    ".",
  ];
  const cold = timed("podman build, cold", "podman", build(["--no-cache"]), copy);
  appendFileSync(join(copy, "app/root.tsx"), "\n// a release's code change\n");
  const warm = timed("podman build, warm (one file changed)", "podman", build([]), copy);

  const smoke = spawnSync("scripts/container-smoke.sh", [], {
    env: { ...env, SKIP_BUILD: "1" },
    encoding: "utf8",
  });
  if (smoke.status !== 0) {
    console.error(smoke.stdout + smoke.stderr);
    process.exit(1);
  }
  const stack = Number(/stack-from-nothing-to-all-healthy (\d+) s/.exec(smoke.stdout)?.[1]);

  const row = (figure: string, s: number, floor: number, goal: number) => ({
    figure,
    seconds: s,
    floor: `≤ ${floor} s`,
    goal: `≤ ${goal} s`,
    met: s <= goal ? "goal" : s <= floor ? "floor" : "MISSED",
    "reference: host npm ci + build (s)": reference,
  });
  printTable("The image and the compose stack (podman, this machine)", [
    row("podman build, cold (no layer reused)", cold, 600, 300),
    row("podman build, warm (one source file changed)", warm, 120, 60),
    row("compose stack from nothing to all healthy", stack, 120, 60),
  ]);
} finally {
  rmSync(copy, { recursive: true, force: true });
}

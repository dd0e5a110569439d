// /profile/security's "Signed-in devices": each session by browser and system with when it was last
// active, a sign-out for each other one, and the two logout scopes (other devices, everywhere).
import type { DeviceSession } from "#app/modules/accounts/manage-sessions.server.ts";
import { clearLocalUserData } from "#app/modules/accounts/user-menu.tsx";
import { IntentForm } from "./profile-ui.tsx";

function deviceName(agent: string | null): string {
  if (!agent) return "Unknown device";
  const browser = /Firefox\//.test(agent)
    ? "Firefox"
    : /Edg\//.test(agent)
      ? "Edge"
      : /Chrome\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Browser";
  const os = /iPhone|iPad/.test(agent)
    ? "iOS"
    : /Android/.test(agent)
      ? "Android"
      : /Mac OS X/.test(agent)
        ? "macOS"
        : /Windows/.test(agent)
          ? "Windows"
          : /Linux/.test(agent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-NZ", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Pacific/Auckland",
  }).format(new Date(iso));

export function DeviceList({ devices }: { devices: DeviceSession[] }) {
  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="devices">
        {devices.map((d) => (
          <li
            key={d.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink/10 px-4 py-3"
          >
            <div>
              <p className="font-semibold">
                {deviceName(d.userAgent)}
                {d.current && (
                  <span className="ml-2 rounded-full bg-leaf/10 px-2 py-0.5 text-xs text-leaf-dark">
                    This device
                  </span>
                )}
              </p>
              <p className="text-sm text-ink/70">Last active {when(d.lastActiveAt)}</p>
            </div>
            {!d.current && (
              <IntentForm
                intent="revoke-session"
                fields={{ sessionId: d.id }}
                buttonClassName="btn-light min-h-11 border border-ink/10 text-sm"
                submit="Sign out"
              />
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <IntentForm intent="revoke-others" submit="Sign out all other devices" />
        <IntentForm
          intent="revoke-all"
          buttonClassName="btn-light border border-ink/10"
          onSubmit={clearLocalUserData}
          submit="Sign out everywhere"
        />
      </div>
    </>
  );
}

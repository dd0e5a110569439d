// /admin/users (admins only): search people, suspend and restore them, sign them out everywhere.
import { useEffect } from "react";
import { data, Form } from "react-router";
import { showToast } from "#app/components/ui/toasts.tsx";
import {
  banUser,
  searchUsers,
  signOutUserEverywhere,
  unbanUser,
} from "#app/modules/accounts/admin-users.server.ts";
import { requireAdmin } from "#app/modules/accounts/require-user.server.ts";
import { failure, statusOf } from "#app/lib/outcome.ts";
import { adminPage } from "#app/components/admin/admin-page.ts";
import { requireAdminQuery } from "#app/modules/accounts/admin-query.server.ts";
import type { Route } from "./+types/users";

export const { meta, handle } = adminPage("Users");

export async function loader({ request }: Route.LoaderArgs) {
  const q = (await requireAdminQuery(request)).get("q") ?? "";
  const found = await searchUsers(q);
  return {
    q,
    users: found.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const userId = String(form.get("userId") ?? "");
  const intent = String(form.get("intent") ?? "");
  const result =
    intent === "ban"
      ? await banUser({ actor: admin, userId, reason: String(form.get("reason") ?? "") || null })
      : intent === "unban"
        ? await unbanUser({ actor: admin, userId })
        : intent === "sign-out"
          ? await signOutUserEverywhere({ actor: admin, userId })
          : failure("invalid", "Unknown request.");
  return data(result, { status: statusOf(result) });
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData) void showToast(actionData.ok ? "success" : "error", actionData.message);
  }, [actionData]);
  return (
    <>
      <h1 className="mt-2 text-4xl font-bold">Users</h1>
      <Form method="get" role="search" className="mt-6 flex flex-wrap gap-3">
        <label htmlFor="q" className="sr-only">
          Search by email or name
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={loaderData.q}
          placeholder="Search by email or name"
          className="min-h-11 flex-1 rounded-xl border border-ink/20 bg-white px-4 py-2"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {actionData && (
        <p role="status" className="mt-4 text-sm font-medium">
          {actionData.message}
        </p>
      )}
      <ul className="mt-6 flex flex-col gap-3" data-testid="admin-users">
        {loaderData.users.length === 0 && <li className="text-ink/70">No one matches.</li>}
        {loaderData.users.map((u) => (
          <li
            key={u.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm"
          >
            <div className="min-w-0">
              <p className="font-semibold break-all">{u.email}</p>
              <p className="text-sm text-ink/70">
                {u.name || "No name"} · {u.emailVerified ? "confirmed" : "not confirmed"} ·{" "}
                {u.sessions} signed-in device{u.sessions === 1 ? "" : "s"}
                {u.banned && ` · suspended${u.banReason ? `: ${u.banReason}` : ""}`}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="userId" value={u.id} />
                <input type="hidden" name="intent" value="sign-out" />
                <button type="submit" className="btn-light min-h-11 border border-ink/10 text-sm">
                  Sign out everywhere
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="userId" value={u.id} />
                <input type="hidden" name="intent" value={u.banned ? "unban" : "ban"} />
                <button type="submit" className="btn-secondary min-h-11 text-sm">
                  {u.banned ? "Restore" : "Suspend"}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

// Outside production this page crashes on purpose, so the crash screen can be seen and tested.
import { data } from "react-router";
import { settings } from "~/lib/env.server";

export function loader() {
  if (settings().isProduction) throw data(null, { status: 404 });
  throw new Error("Deliberate crash from /_dev/crash");
}

export function meta() {
  return [{ title: "Something went wrong | Patch" }, { name: "robots", content: "noindex" }];
}

export default function DevCrash() {
  return null;
}

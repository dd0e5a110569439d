// A contact's share link (/r/{code}, ADR 037) with one button: the browser's share sheet where it
// has one (the Web Share API), otherwise copy the link, with a "Copied" status screen readers hear.
import { useState } from "react";

export function ShareLink({ url, note }: { url: string; note?: string }) {
  const [status, setStatus] = useState("");
  async function share() {
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title: "Patch", text: "Join me on the Patch waitlist", url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setStatus("Copied");
    } catch (error) {
      // The person closed the share sheet: nothing to say. A refused clipboard: say so.
      if ((error as { name?: string }).name !== "AbortError")
        setStatus("Couldn't copy: select the link and copy it");
    }
  }
  return (
    <div className="mt-6 rounded-2xl bg-cream p-4 text-left" data-testid="share-link">
      <p className="font-semibold">Invite friends to move up the list</p>
      {note && <p className="mt-1 text-sm text-ink/75">{note}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label="Your share link"
          className="w-full min-w-0 rounded-lg border border-ink/20 bg-white px-3 py-2 text-sm sm:w-auto sm:flex-1"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn-primary" onClick={() => void share()}>
          Share my link
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-leaf">
        {status}
      </p>
    </div>
  );
}

// The one toast mechanism (sonner: 4000 ms, bottom-right, 3 visible). Sonner is loaded only when
// the first toast is shown, so pages that never toast don't pay for it.
import { useEffect, useState } from "react";
import type { toast as sonnerToast, Toaster as SonnerToaster } from "sonner";

export type ToastType = "success" | "error" | "info" | "warning";

type Sonner = { toast: typeof sonnerToast; Toaster: typeof SonnerToaster };
let sonner: Promise<Sonner> | undefined;
let mounted: (() => void) | undefined;
const ready = new Promise<void>((resolve) => (mounted = resolve));
const wanted = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

/** Shows a toast from anywhere in the browser. */
export async function showToast(type: ToastType, message: string, id?: string): Promise<void> {
  const mod = await loadSonner();
  wanted.forEach((mount) => mount());
  await ready;
  mod.toast[type](message, id ? { id } : undefined);
}

export interface FlashToast {
  type: ToastType;
  message: string;
  id?: string;
}

/** The toaster, and the toast a server redirect left for this page (the flash cookie), if any. */
export function Toasts({ toast }: { toast?: FlashToast | null }) {
  const [Toaster, setToaster] = useState<Sonner["Toaster"] | null>(null);
  useEffect(() => {
    if (toast) void showToast(toast.type, toast.message, toast.id);
  }, [toast]);
  useEffect(() => {
    const mount = () => void loadSonner().then((m) => setToaster(() => m.Toaster));
    wanted.add(mount);
    return () => {
      wanted.delete(mount);
    };
  }, []);
  useEffect(() => {
    if (Toaster) mounted?.();
  }, [Toaster]);
  if (!Toaster) return null;
  return (
    <Toaster position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton />
  );
}

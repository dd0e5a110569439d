// Whether this process has been told to stop (SIGTERM). From that moment readiness fails, so a
// load balancer sends no new requests, and every answer carries `Connection: close`, so a
// kept-alive client finishes its request and reconnects elsewhere instead of being cut off when
// the process exits.
let drainingSince: number | undefined;

export function startDraining(): void {
  drainingSince ??= Date.now();
}

export function isDraining(): boolean {
  return drainingSince !== undefined;
}

/** Tests only: a process that stopped draining (a test app after its drain test). */
export function stopDrainingForTests(): void {
  drainingSince = undefined;
}

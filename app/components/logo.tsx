// The Patch mark: a sprout rising from a square bed, drawn here (no external artwork).
export function Logo({ brandName, className = "" }: { brandName: string; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="3" y="17" width="26" height="12" rx="3" fill="#6b4a2f" />
        <rect x="3" y="17" width="26" height="4" rx="2" fill="#8a6442" />
        <path
          d="M16 18 C16 13 16 10 16 7"
          stroke="#2f6b45"
          strokeWidth="2.4"
          strokeLinecap="round"
          fill="none"
        />
        <path d="M16 12 C11 12 8 9 8 5 C12 5 16 7 16 12 Z" fill="#8cbf6a" />
        <path d="M16 10 C20 10 24 7.5 24 3.5 C20 3.5 16 5.5 16 10 Z" fill="#2f6b45" />
      </svg>
      <span className="font-serif text-2xl font-bold tracking-tight">{brandName}</span>
    </span>
  );
}

// The round × button that closes a panel or a full-screen menu (44 px, so it is easy to hit).
export function CloseButton({
  label,
  onClick,
  iconSize = 24,
}: {
  /** What it closes, for screen readers: 'Close menu', 'Close cart'. */
  label: string;
  onClick: () => void;
  iconSize?: number;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-ink/5"
    >
      <svg width={iconSize} height={iconSize} viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M6 6l12 12M18 6 6 18"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

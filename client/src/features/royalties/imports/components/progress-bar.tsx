/** A labelled progress bar (a native <progress>, so screen readers announce it), with its percentage. */
export function ProgressBar({ label, value, max }: { label: string; value: number; max: number | null }) {
  const percent = max && max > 0 ? Math.min(100, Math.round((value / max) * 100)) : null;
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{label}</span>
        {percent !== null && <span>{percent}%</span>}
      </div>
      <progress
        aria-label={label}
        className="h-2 w-full overflow-hidden rounded bg-muted accent-primary"
        value={percent ?? undefined}
        max={100}
      />
    </div>
  );
}

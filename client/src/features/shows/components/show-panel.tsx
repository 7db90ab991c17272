import { useId, type ReactNode } from "react";

/** A titled block of the show page (tickets, vendor slots, more shows). */
export function ShowPanel({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid content-start gap-3 rounded-xl border bg-card/90 p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

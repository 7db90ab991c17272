import { SUBMISSION_STATUSES, type SubmissionStatus } from "@shared/submissions";
import { Checkbox } from "@/components/ui/checkbox";
import { Input, inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { SUBMISSION_STATUS_STYLES } from "./submission-status-badge";

export interface InboxFilters {
  status?: SubmissionStatus;
  genre: string;
  overdue: boolean;
  q: string;
}

/** The A&R inbox's filters: status, genre, overdue only, and a search of artist, title or e-mail. */
export function InboxFiltersBar({ value, onChange }: { value: InboxFilters; onChange: (next: InboxFilters) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <Label htmlFor="inbox-status">Status</Label>
        <select
          id="inbox-status"
          className={cn(inputClassName, "bg-background pr-8")}
          value={value.status ?? ""}
          onChange={(e) =>
            onChange({ ...value, status: (e.target.value || undefined) as SubmissionStatus | undefined })
          }
        >
          <option value="">All statuses</option>
          {SUBMISSION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {SUBMISSION_STATUS_STYLES[status].label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="inbox-genre">Genre</Label>
        <Input id="inbox-genre" value={value.genre} onChange={(e) => onChange({ ...value, genre: e.target.value })} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="inbox-search">Search</Label>
        <Input
          id="inbox-search"
          type="search"
          placeholder="Artist, title or e-mail"
          value={value.q}
          onChange={(e) => onChange({ ...value, q: e.target.value })}
        />
      </div>
      <div className="flex h-9 items-center gap-2">
        <Checkbox
          id="inbox-overdue"
          checked={value.overdue}
          onCheckedChange={(checked) => onChange({ ...value, overdue: checked === true })}
        />
        <Label htmlFor="inbox-overdue">Overdue only</Label>
      </div>
    </div>
  );
}

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-request";
import { codesCsvPath, useCreateCodes } from "../api";

/** Download codes for press and cards: how many, a batch name, and the CSV of all of them. */
export function CodesForm({ releaseId }: { releaseId: string }) {
  const [count, setCount] = useState("10");
  const [batch, setBatch] = useState("");
  const create = useCreateCodes(releaseId);
  const errors = create.error instanceof ApiError ? (create.error.fieldErrors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ count: Number(count), batch });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border p-4" aria-label="Download codes">
      <h2 className="font-semibold">Download codes</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="codes-count">How many (1–1000)</Label>
          <Input id="codes-count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
          {errors.count && <p className="text-sm text-destructive">{errors.count[0]}</p>}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="codes-batch">Batch</Label>
          <Input id="codes-batch" value={batch} onChange={(e) => setBatch(e.target.value)} />
          {errors.batch && <p className="text-sm text-destructive">{errors.batch[0]}</p>}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={create.isPending}>
          Make codes
        </Button>
        <a className="text-sm underline" href={codesCsvPath(releaseId)} download>
          Download every code (CSV)
        </a>
        {create.data && (
          <span role="status" className="text-sm">
            {create.data.codes.length} codes made in “{create.data.batch}”
          </span>
        )}
      </div>
    </form>
  );
}

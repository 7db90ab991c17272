import { useState, type FormEvent } from "react";
import { PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-request";
import { useRedeemCode } from "@/features/store/api";

/** /redeem: one page for the whole label; a code and an e-mail give the release's download link. */
export function RedeemPage() {
  const [code, setCode] = useState("");
  const [email, setEmail] = useState("");
  const redeem = useRedeemCode();
  const errors = redeem.error instanceof ApiError ? (redeem.error.fieldErrors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    redeem.mutate({ code, email });
  };
  return (
    <PageShell
      title="Redeem a download code"
      description="Type the code from your card; the download link comes by e-mail"
    >
      {redeem.data ? (
        <p role="status" className="rounded-lg border bg-card p-4">
          {redeem.data.message}
        </p>
      ) : (
        <form onSubmit={submit} className="grid max-w-md gap-4" aria-label="Redeem">
          <div className="grid gap-1.5">
            <Label htmlFor="redeem-code">Code</Label>
            <Input
              id="redeem-code"
              autoComplete="off"
              autoCapitalize="characters"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            {errors.code && <p className="text-sm text-destructive">{errors.code[0]}</p>}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="redeem-email">E-mail for the download link</Label>
            <Input
              id="redeem-email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            {errors.email && <p className="text-sm text-destructive">{errors.email[0]}</p>}
          </div>
          <Button type="submit" disabled={redeem.isPending}>
            Redeem
          </Button>
        </form>
      )}
    </PageShell>
  );
}

import { formatMoney, fromCents, toCents } from "@shared/money";
import type { MyRoyaltyStatement } from "@shared/royalty-statements";

/**
 * What a payee's advance still asks back, from their newest statement: a negative closing
 * balance is advance not yet recouped, carried to the next statement (as the statement's PDF
 * says). One line per payee the member is, when any advance is left; nothing otherwise.
 */
export function AdvanceLeft({ statements }: { statements: MyRoyaltyStatement[] }) {
  const newest = new Map<string, MyRoyaltyStatement>();
  for (const statement of statements) if (!newest.has(statement.payeeId)) newest.set(statement.payeeId, statement);
  const owing = [...newest.values()].filter((statement) => toCents(statement.closing) < 0);
  const recouped = statements.some((statement) => toCents(statement.advances) > 0);
  if (owing.length === 0) {
    return recouped ? <p className="text-sm text-muted-foreground">Your advance is fully recouped.</p> : null;
  }
  return (
    <section aria-label="Advance" className="grid gap-1 rounded-lg border bg-card p-4">
      {owing.map((statement) => (
        <p key={statement.payeeId}>
          <span className="font-semibold">
            Advance left to recoup: {formatMoney(fromCents(-toCents(statement.closing)))}
          </span>
          {newest.size > 1 && <span className="text-muted-foreground"> ({statement.payeeName})</span>}
        </p>
      ))}
      <p className="text-sm text-muted-foreground">
        What your music earns pays this back first; payments start once it is recouped.
      </p>
    </section>
  );
}

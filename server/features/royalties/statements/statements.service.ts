import { DEFAULT_LABEL_NAME } from "@shared/constants";
import { LABEL_CURRENCY } from "@shared/royalty-codes";
import type { Database } from "../../../db/database";
import type { DocumentRenderer } from "../../../documents/document-renderer";
import { HttpError } from "../../../lib/http-error";
import { getPeriod } from "../periods/periods.service";
import { labelName, readBreakdowns } from "./statement-files.repository";
import { payeeIdsOf, readStatement, statementsOfPayees, statementsOfPeriod } from "./statements.repository";
import { statementFileName } from "@shared/formats";

/** Who asks for a statement's files: an administrator, or the member whose e-mail is the payee's. */
export interface StatementReader {
  role: string;
  email: string;
}

const NO_STATEMENTS = "No royalty statements for this account";

export async function periodStatements(db: Database, periodId: string) {
  await getPeriod(db, periodId);
  return statementsOfPeriod(db, periodId);
}

/** The statements of every payee whose e-mail is the member's. */
export async function myStatements(db: Database, email: string) {
  const payeeIds = await payeeIdsOf(db, email);
  if (!payeeIds.length) throw HttpError.notFound(NO_STATEMENTS);
  return statementsOfPayees(db, payeeIds);
}

/** Anyone but an administrator or the statement's own payee is told it does not exist: a 403 would confirm it does. */
export async function readableStatement(db: Database, id: string, reader: StatementReader) {
  const statement = await readStatement(db, id);
  const own = statement && statement.payeeEmail.toLowerCase() === reader.email.toLowerCase();
  if (!statement || (reader.role !== "admin" && !own)) throw HttpError.notFound("No such statement");
  return statement;
}

/** The statement's PDF, from its figures and the breakdowns stored at the closing. */
export async function statementPdf(
  deps: { db: Database; documents: DocumentRenderer },
  id: string,
  reader: StatementReader,
) {
  const { db } = deps;
  const statement = await readableStatement(db, id, reader);
  const [period, breakdowns, name] = await Promise.all([
    getPeriod(db, statement.periodId),
    readBreakdowns(db, id),
    labelName(db),
  ]);
  const pdf = await deps.documents.royaltyStatementPdf({
    labelName: name ?? DEFAULT_LABEL_NAME,
    payeeName: statement.payeeName,
    periodStart: period.start,
    periodEnd: period.end,
    // Dated the day its period closed: a statement read again later keeps its date.
    statementDate: period.closedAt,
    currency: LABEL_CURRENCY,
    summary: {
      opening: statement.opening,
      earned: statement.earned,
      advances: statement.advances,
      closing: statement.closing,
      payable: statement.payable,
    },
    ...breakdowns,
  });
  return {
    pdf,
    fileName: statementFileName({ payeeName: statement.payeeName, periodStart: period.start, periodEnd: period.end }),
  };
}

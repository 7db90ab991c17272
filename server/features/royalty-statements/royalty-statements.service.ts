import { DEFAULT_LABEL_NAME } from "@shared/constants";
import { LABEL_CURRENCY } from "@shared/royalty-codes";
import type { CreateRoyaltyPeriod, RecordPayout, RoyaltyPeriod } from "@shared/royalty-statements";
import type { DocumentRenderer } from "../../documents/document-renderer";
import { HttpError } from "../../lib/http-error";
import { closePeriod, type ClosingDeps } from "./royalty-closing";
import type { RoyaltyStatementsRepository } from "./royalty-statements.repository";
import type { StatementFilesRepository } from "./statement-files.repository";

export interface RoyaltyStatementsDeps {
  repository: RoyaltyStatementsRepository;
  files: StatementFilesRepository;
  documents: DocumentRenderer;
  closing: ClosingDeps;
  /** Starts delivering the e-mails a closing queued, once it committed. */
  deliverSoon: () => void;
}

/** Who asks for a statement's files: an administrator, or the member whose e-mail is the payee's. */
interface Reader {
  role: string;
  email: string;
}

const NO_STATEMENTS = "No royalty statements for this account";

export function createRoyaltyStatementsService(deps: RoyaltyStatementsDeps) {
  const { repository, files } = deps;

  async function period(id: string): Promise<RoyaltyPeriod> {
    const found = await repository.period(id);
    if (!found) throw HttpError.notFound("No such period");
    return found;
  }

  /** Anyone but an administrator or the statement's own payee is told it does not exist: a 403 would confirm it does. */
  async function readable(id: string, reader: Reader) {
    const statement = await repository.statement(id);
    const own = statement && statement.payeeEmail.toLowerCase() === reader.email.toLowerCase();
    if (!statement || (reader.role !== "admin" && !own)) throw HttpError.notFound("No such statement");
    return statement;
  }

  return {
    listPeriods: () => repository.listPeriods(),
    async createPeriod(input: CreateRoyaltyPeriod) {
      return period(await repository.createPeriod(input));
    },
    async closePeriod(id: string, userId: string) {
      await closePeriod(deps.closing, id, userId);
      deps.deliverSoon();
      return period(id);
    },
    async periodStatements(id: string) {
      await period(id);
      return repository.periodStatements(id);
    },
    addPlatformIncome: (id: string) => repository.addPlatformIncome(id),
    async myStatements(email: string) {
      const payeeIds = await repository.payeeIdsOf(email);
      if (!payeeIds.length) throw HttpError.notFound(NO_STATEMENTS);
      return repository.statementsOfPayees(payeeIds);
    },
    recordPayout: (statementId: string, payout: RecordPayout, userId: string) =>
      repository.recordPayout(statementId, payout, userId),
    readable,

    async pdf(id: string, reader: Reader) {
      const statement = await readable(id, reader);
      const [periodOf, breakdowns, labelName] = await Promise.all([
        period(statement.periodId),
        files.breakdowns(id),
        files.labelName(),
      ]);
      return deps.documents.royaltyStatementPdf({
        labelName: labelName ?? DEFAULT_LABEL_NAME,
        payeeName: statement.payeeName,
        periodStart: periodOf.start,
        periodEnd: periodOf.end,
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
    },

    /** The statement's lines batch by batch, for a CSV that streams (a statement can hold millions). */
    async *csvLines(id: string) {
      let after = "0";
      for (;;) {
        const batch = await files.linesAfter(id, after);
        if (!batch.length) return;
        yield batch;
        after = batch[batch.length - 1].lineId;
      }
    },
  };
}

export type RoyaltyStatementsService = ReturnType<typeof createRoyaltyStatementsService>;

import { Piscina } from "piscina";
import type { InvoiceDocument } from "@shared/invoice-document";
import { HttpError } from "../lib/http-error";
import { LogoUnavailableError, type LabelLogoReader } from "./label-logo";
import type { PackingSlipDocument } from "./packing-slip";
import type { RoyaltyStatementDocument } from "./royalty-statement";
import type { DocumentTask } from "./pdf-worker";
import { createRenderedCache } from "./rendered-cache";
import type { TicketDocument } from "./ticket-document";

export interface DocumentRendererOptions {
  /** Worker threads at most; each renders one document at a time. */
  threads: number;
  /** Rendered documents this instance keeps in memory; 0 keeps none. */
  cacheBytes: number;
  /** The pre-scaled logo a PDF embeds (label-logo.ts). */
  readLogo: LabelLogoReader;
}

/** Renders waiting per thread before more are refused (503) rather than queued without end. */
const QUEUE_PER_THREAD = 16;
/** A render this slow is stuck, not busy: its thread is stopped and the request answered 503. */
const RENDER_TIMEOUT_MS = 30_000;
/** Idle threads stop after this long; the next document starts one again (a few hundred ms). */
const IDLE_THREAD_MS = 5 * 60_000;
/** Worker threads run at a lower priority than the event loop that answers requests. */
const WORKER_NICENESS = 10;

const BUSY_MESSAGE = "Documents are being prepared for many people right now. Please try again in a moment.";

/**
 * The worker's file. The production build bundles it beside the server as pdf-worker.js
 * (scripts/build-server.mjs); run from source (npm run dev, tests) it is the TypeScript file,
 * which the worker threads load through tsx.
 */
function workerFile(): { filename: string; execArgv?: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  const filename = new URL(fromSource ? "./pdf-worker.ts" : "./pdf-worker.js", import.meta.url).href;
  return fromSource ? { filename, execArgv: ["--import", "tsx"] } : { filename };
}

/**
 * Every PDF (invoices, tickets) is made here: off the main thread, in a pool of worker
 * threads, so a long invoice cannot stall other requests, and cached per version of its
 * content (docs/decisions/022-documents-off-the-main-thread.md). The pool starts with the
 * first document.
 */
export function createDocumentRenderer(options: DocumentRendererOptions) {
  let pool: Piscina<DocumentTask, Uint8Array> | undefined;
  const cache = createRenderedCache(options.cacheBytes);

  async function render(task: DocumentTask): Promise<Buffer> {
    pool ??= new Piscina({
      ...workerFile(),
      minThreads: 0,
      maxThreads: options.threads,
      maxQueue: options.threads * QUEUE_PER_THREAD,
      idleTimeout: IDLE_THREAD_MS,
      niceIncrement: WORKER_NICENESS,
    });
    try {
      const bytes = await pool.run(task, { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (error instanceof Error && /queue is at limit|aborted/i.test(error.message + error.name))
        throw HttpError.unavailable(BUSY_MESSAGE);
      throw error;
    }
  }

  return {
    /** The invoice's PDF, with the label's logo when it has one that can be shown. */
    invoicePdf(invoice: InvoiceDocument, logoPath?: string | null): Promise<Buffer> {
      // A logo's path names one stored image for good (upload keys are never reused).
      return cache.get(["invoice-pdf", invoice, logoPath ?? null], async () => {
        try {
          return await render({ kind: "invoice-pdf", invoice, logo: await options.readLogo(logoPath) });
        } catch (error) {
          if (!(error instanceof LogoUnavailableError)) throw error;
          // Storage did not answer: the name alone brands this copy, which is not kept.
          return { document: await render({ kind: "invoice-pdf", invoice, logo: null }), keep: false as const };
        }
      });
    },

    ticketPdf(ticket: TicketDocument, labelName: string): Promise<Buffer> {
      return cache.get(["ticket-pdf", ticket, labelName], () => render({ kind: "ticket-pdf", ticket, labelName }));
    },

    /** An order's packing slip (address, lines with SKU and options, quantities). */
    packingSlipPdf(slip: PackingSlipDocument): Promise<Buffer> {
      return cache.get(["packing-slip-pdf", slip], () => render({ kind: "packing-slip-pdf", slip }));
    },

    /** A payee's locked royalty statement (summary and breakdowns). */
    royaltyStatementPdf(statement: RoyaltyStatementDocument): Promise<Buffer> {
      return cache.get(["royalty-statement-pdf", statement], () =>
        render({ kind: "royalty-statement-pdf", statement }),
      );
    },

    /** Stops the threads; documents asked for later start a new pool. */
    async close(): Promise<void> {
      const stopping = pool;
      pool = undefined;
      await stopping?.destroy();
    },
  };
}

export type DocumentRenderer = ReturnType<typeof createDocumentRenderer>;

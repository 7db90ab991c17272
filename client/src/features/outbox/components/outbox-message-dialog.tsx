import { useQuery } from "@tanstack/react-query";
import { Download, Paperclip, RotateCw } from "lucide-react";
import type { OutboxMessageDetail } from "@shared/outbox";
import { LoadError } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { attachmentUrl, outboxMessageQuery, useResendMessage } from "../api";
import { formatMessageTime, formatSize, messageTitle, previewHtml } from "../format";
import { OutboxStatusBadge } from "./outbox-status-badge";

/** An opened message: its facts, the HTML as sent (sandboxed: no scripts, no app origin), its files. */
export function OutboxMessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Narrower padding on a phone leaves the preview most of the screen's width. */}
      <DialogContent className="max-w-3xl max-sm:gap-3 max-sm:px-4">
        {id && <MessageBody id={id} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function MessageBody({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useQuery(outboxMessageQuery(id));
  if (message.isPending) {
    return (
      <div role="status" aria-label="Loading the message" className="grid gap-3">
        <DialogTitle className="sr-only">Loading the message</DialogTitle>
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (message.isError) {
    return (
      <>
        <DialogTitle className="sr-only">Message</DialogTitle>
        <LoadError what="this message" onRetry={() => void message.refetch()} />
      </>
    );
  }
  return <MessageView message={message.data} onResent={onClose} />;
}

/** After a resend the dialog closes (so the toast is heard) and the list shows it queued. */
function MessageView({ message, onResent }: { message: OutboxMessageDetail; onResent: () => void }) {
  const resend = useResendMessage();
  const canResend = message.status === "sent" || message.status === "failed";
  const files = message.attachments;
  const onResend = () =>
    resend.mutate(message.id, {
      onSuccess: () => {
        toast({ title: "Queued", description: `The message to ${message.recipient} will be sent again.` });
        onResent();
      },
    });
  return (
    <>
      <DialogHeader>
        <DialogTitle className="pr-6 break-words">{messageTitle(message)}</DialogTitle>
        <DialogDescription>To {message.recipient}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <OutboxStatusBadge status={message.status} />
        </dd>
        <dt className="text-muted-foreground">Attempts</dt>
        <dd>{message.attempts}</dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>{formatMessageTime(message.createdAt)}</dd>
        {message.sentAt && (
          <>
            <dt className="text-muted-foreground">Sent</dt>
            <dd>{formatMessageTime(message.sentAt)}</dd>
          </>
        )}
        {message.lastError && (
          <>
            <dt className="text-muted-foreground">Last error</dt>
            <dd className="break-words text-destructive">{message.lastError}</dd>
          </>
        )}
      </dl>
      {message.html === null ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          This message is being prepared. Refresh the outbox in a moment to see it.
        </p>
      ) : (
        <iframe
          title={`Message preview: ${messageTitle(message)}`}
          sandbox=""
          srcDoc={previewHtml(message.html)}
          className="h-[60dvh] max-h-[28rem] min-h-64 w-full rounded-lg border bg-white"
        />
      )}
      {message.text && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">Plain-text version</summary>
          <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded-lg border bg-muted/30 p-3 font-mono text-xs">
            {message.text}
          </pre>
        </details>
      )}
      {files.length > 0 && (
        <section aria-label="Attachments" className="grid gap-2">
          <h3 className="flex items-center gap-2 text-sm font-medium">
            <Paperclip aria-hidden="true" className="size-4" /> Attachments
          </h3>
          <ul className="grid gap-1 text-sm">
            {files.map((file) => (
              <li key={file.index}>
                <a
                  className="inline-flex max-w-full items-start gap-2 hover:underline"
                  href={attachmentUrl(message.id, file.index)}
                  download={file.filename}
                >
                  <Download aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0">
                    <span className="[overflow-wrap:anywhere]">{file.filename}</span>{" "}
                    <span className="whitespace-nowrap text-muted-foreground">
                      ({formatSize(file.size)}
                      {file.inline ? ", shown in the message" : ""})
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {canResend && (
        <DialogFooter>
          <Button type="button" onClick={onResend} disabled={resend.isPending}>
            <RotateCw aria-hidden="true" />
            {resend.isPending ? "Resending..." : "Resend"}
          </Button>
        </DialogFooter>
      )}
    </>
  );
}

import { Text } from "@react-email/components";
import { formatDay } from "@shared/dates";
import type { OutboxParams } from "@shared/outbox";
import { InvoiceLink } from "./invoice-link";
import { adminFooter, EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Received = OutboxParams<"submission-received">;
type Decided = OutboxParams<"submission-decided">;

/** "December 13, 2026": the reply-by date in words, in UTC like every date the platform promises. */
const day = (iso: string) => formatDay(iso, "UTC", "date");

const footer = (label: string) =>
  `You receive this e-mail because you submitted a track to ${label} through its Music Submissions page.`;

function SubmissionReceived({ params: p, branding }: { params: Received; branding: Branding }) {
  const label = branding.labelName;
  return (
    <EmailLayout branding={branding} preview={`We received "${p.trackTitle}"`} footer={footer(label)}>
      <Text style={heading}>Your track has arrived</Text>
      <Text style={paragraph}>
        {`Hello ${p.artistName}, thank you for sending "${p.trackTitle}" to ${label}. Our A&R team will listen to it and answer you by ${day(p.replyBy)}.`}
      </Text>
      <Facts
        rows={[
          ["Track", p.trackTitle],
          ["Submitted", day(p.submittedAt)],
          ["Answer by", day(p.replyBy)],
        ]}
      />
      <InvoiceLink href={p.link} label="Follow your submission" />
    </EmailLayout>
  );
}

function SubmissionDecided({ params: p, branding }: { params: Decided; branding: Branding }) {
  const label = branding.labelName;
  const accepted = p.status === "accepted";
  return (
    <EmailLayout
      branding={branding}
      preview={accepted ? `"${p.trackTitle}" was accepted` : `Our answer about "${p.trackTitle}"`}
      footer={footer(label)}
    >
      <Text style={heading}>{accepted ? "Your track was accepted" : "Our answer about your track"}</Text>
      <Text style={paragraph}>
        {accepted
          ? `Hello ${p.artistName}, ${label}'s A&R team has accepted "${p.trackTitle}". Here is what they wrote:`
          : `Hello ${p.artistName}, ${label}'s A&R team has listened to "${p.trackTitle}" and will not take it further this time. Here is what they wrote:`}
      </Text>
      <Text style={{ ...paragraph, whiteSpace: "pre-wrap", borderLeft: "3px solid #d4d4d8", paddingLeft: "12px" }}>
        {p.feedback}
      </Text>
      <InvoiceLink href={p.link} label="Open your submissions" />
    </EmailLayout>
  );
}

type Summary = OutboxParams<"submissions-overdue-summary">;

function SubmissionsOverdueSummary({ params: p, branding }: { params: Summary; branding: Branding }) {
  const tracks = p.count === 1 ? "1 submitted track is" : `${p.count} submitted tracks are`;
  return (
    <EmailLayout
      branding={branding}
      preview={`${tracks} past the date promised`}
      footer={adminFooter(branding.labelName)}
    >
      <Text style={heading}>Artists waiting past their date</Text>
      <Text style={paragraph}>
        {`${tracks} past the date ${branding.labelName} promised an answer by and still undecided. This summary comes every week while any are.`}
      </Text>
      <Facts rows={p.items.map((item) => [`${item.trackTitle} (${item.artistName})`, `due ${day(item.replyBy)}`])} />
      <InvoiceLink href={p.link} label="Open the A&R inbox" />
    </EmailLayout>
  );
}

export const submissionsOverdueSummary: MessageTemplate<"submissions-overdue-summary"> = {
  subject: (p) => `${p.count} music submission${p.count === 1 ? "" : "s"} overdue for an answer`,
  Body: SubmissionsOverdueSummary,
};

export const submissionReceived: MessageTemplate<"submission-received"> = {
  subject: (p) => `We received "${p.trackTitle}": our answer by ${day(p.replyBy)}`,
  Body: SubmissionReceived,
};

export const submissionDecided: MessageTemplate<"submission-decided"> = {
  subject: (p) => (p.status === "accepted" ? `"${p.trackTitle}" was accepted` : `Our answer about "${p.trackTitle}"`),
  Body: SubmissionDecided,
};

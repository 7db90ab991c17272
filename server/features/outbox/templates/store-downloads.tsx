import { Column, Img, Row, Section, Text } from "@react-email/components";
import type { OutboxParams } from "@shared/outbox";
import { InvoiceLink } from "./invoice-link";
import { EmailLayout, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Downloads = OutboxParams<"store-downloads">;

const subjectOf = (p: Downloads) =>
  p.reason === "resend" ? "Your music downloads" : `Download ${p.items[0].title} by ${p.items[0].artist}`;

const COVER_SIZE = 72;

/**
 * One release's link, with its cover beside it when it has one. The title is on the button right
 * next to it, so the image is described as empty (alt=""): a screen reader, or a mail client that
 * blocks images, reads the title once rather than "Cover of…" before it. Without a cover the link
 * stands alone, as it did before covers; the plain text skips images and reads the same either way.
 */
function DownloadItem({ item }: { item: Downloads["items"][number] }) {
  const link = <InvoiceLink href={item.link} label={`Download ${item.title} by ${item.artist}`} />;
  if (!item.coverUrl) return link;
  return (
    <Section>
      <Row>
        <Column style={{ width: `${COVER_SIZE + 16}px`, verticalAlign: "top", paddingTop: "28px" }}>
          <Img
            src={item.coverUrl}
            alt=""
            width={COVER_SIZE}
            height={COVER_SIZE}
            style={{ borderRadius: "6px", display: "block" }}
          />
        </Column>
        <Column style={{ verticalAlign: "top" }}>{link}</Column>
      </Row>
    </Section>
  );
}

/**
 * To the address that downloaded or bought music: one link per release (or single track, titled
 * "{track} — from {release}"), each good in any format the release offers, with no account needed.
 */
function StoreDownloads({ params: p, branding }: { params: Downloads; branding: Branding }) {
  const label = branding.labelName;
  return (
    <EmailLayout
      branding={branding}
      preview={subjectOf(p)}
      footer={
        p.reason === "resend"
          ? `You receive this e-mail because someone asked ${label}'s music store to send this address its download links again.`
          : `You receive this e-mail because this address was given to download music from ${label}'s music store.`
      }
    >
      <Text style={heading}>{p.reason === "resend" ? "Your music downloads" : "Your music is ready to download"}</Text>
      <Text style={paragraph}>
        Open a link, choose a format and download the music. Keep this e-mail: the links keep working.
      </Text>
      {p.items.map((item) => (
        <DownloadItem key={item.link} item={item} />
      ))}
    </EmailLayout>
  );
}

export const storeDownloads: MessageTemplate<"store-downloads"> = {
  subject: subjectOf,
  Body: StoreDownloads,
};

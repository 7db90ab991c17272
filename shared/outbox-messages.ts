import type { OutboxParams, OutboxTemplate } from "./outbox-templates";

type MessageOf<T extends OutboxTemplate> = { template: T; params: OutboxParams<T>; aboutType: string; aboutId: string };

/**
 * Who a message is from when it is not the platform speaking: the display name in front of
 * the platform's own address (MAIL_FROM), and where replies go. A member's invoice reaches their
 * client as from the member's company, and the client's answer reaches the member.
 */
export interface OnBehalfOf {
  senderName?: string | null;
  replyTo?: string | null;
}

/** One message to queue: which template, for whom, about what record. */
export type NewOutboxMessage = {
  [T in OutboxTemplate]: MessageOf<T> & { recipient: string } & OnBehalfOf;
}[OutboxTemplate];

/** A message for every administrator (the outbox finds their addresses). */
export type NewAdminMessage = { [T in OutboxTemplate]: MessageOf<T> }[OutboxTemplate];

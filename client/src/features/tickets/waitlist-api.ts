import { useMutation } from "@tanstack/react-query";
import type { JoinWaitlist, ticketWaitlistContract } from "@shared/ticket-waitlist";
import { ticketWaitlistApi, ticketWaitlistFiles } from "@shared/ticket-waitlist.api";
import { apiClient, pathOf } from "@/lib/api-client";

const api = apiClient<typeof ticketWaitlistContract>(ticketWaitlistApi);

/** Joins a sold-out event's waiting list; answers the position. */
export function useJoinWaitlist(eventId: string) {
  return useMutation({
    mutationFn: (body: JoinWaitlist) => api.join({ params: { id: eventId }, body }),
    meta: { errorFallback: "Could not join the waiting list" },
  });
}

/** The e-mailed link's "Leave the waiting list". */
export function useLeaveWaitlist() {
  return useMutation({
    mutationFn: (token: string) => api.leave({ params: { token } }),
    meta: { errorFallback: "Could not leave the waiting list" },
  });
}

/** Administrators: an event's waiting list. */
export const waitlistQuery = (eventId: string) => api.list.query({ params: { id: eventId } });
export const waitlistCsvUrl = (eventId: string) => pathOf(ticketWaitlistFiles.csv, { id: eventId });

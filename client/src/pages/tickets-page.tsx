import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarX2, TicketCheck } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import type { Event } from "@shared/events";
import type { TicketPurchaseResult } from "@shared/tickets";
import { PageLoading } from "@/components/page-loading";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { eventsQuery } from "@/features/events/api";
import { EventCard } from "@/features/events/components/event-card";
import { currentUserQuery, useCurrentUser } from "@/lib/auth";
import { PurchaseConfirmation } from "@/features/tickets/components/purchase-confirmation";
import { useLastPurchase } from "@/features/tickets/last-purchase";
import { useTicketPaymentReturn } from "@/features/tickets/use-ticket-payment-return";

/** The event a link asked to buy (`/tickets?event=<id>`, a show page's ticket link). */
const TICKETS_EVENT_PARAM = "event";
/** A waiting-list e-mail's links: buy the tickets held for an offer, or leave the list. */
const OFFER_PARAM = "waitlist-offer";

// The dialog, its form and the card step (Stripe's code) load when a visitor first opens it:
// most visits only look, and the page's own load stays small (docs/operations.md, "Figures").
const loadPurchaseDialog = () => import("@/features/tickets/components/purchase-dialog");
const PurchaseDialog = lazy(() => loadPurchaseDialog().then((module) => ({ default: module.PurchaseDialog })));
const WaitlistDialog = lazy(() =>
  import("@/features/tickets/components/waitlist-dialog").then((module) => ({ default: module.WaitlistDialog })),
);

/** /tickets — Event Tickets. */
export function TicketsPage() {
  const [path, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  // The dialog reads the event from the list, so a refreshed stock reaches it too.
  const { data: events } = useQuery(eventsQuery);
  const search = new URLSearchParams(useSearch());
  const requested = search.get(TICKETS_EVENT_PARAM);
  const offerToken = search.get(OFFER_PARAM) ?? undefined;
  const [waiting, setWaiting] = useState<Event | null>(null);
  // A show page's ticket link opens that event's purchase dialog straight away.
  const [buyingId, setBuyingId] = useState<string | null>(requested);
  // The last purchase's confirmation card, kept until dismissed.
  const last = useLastPurchase(user?.id);
  const card = useRef<HTMLElement>(null);
  const [focusCard, setFocusCard] = useState(false);
  useEffect(() => {
    if (focusCard && card.current) {
      card.current.focus();
      setFocusCard(false);
    }
  }, [focusCard, last.purchase]);

  // Read from the cache (or fetched) rather than this render's values: after a payment
  // redirect it runs before the page has loaded the list or the user.
  async function confirmPurchase(order: TicketPurchaseResult) {
    const [list, buyer] = await Promise.all([
      queryClient.fetchQuery(eventsQuery),
      queryClient.fetchQuery(currentUserQuery),
    ]);
    const event = list.find((candidate) => candidate.id === order.eventId);
    if (!event || !buyer) return;
    last.show({ userId: buyer.id, order, event });
    setFocusCard(true);
  }
  function closeDialog(order?: TicketPurchaseResult) {
    if (order) void confirmPurchase(order);
    setBuyingId(null);
    // Closed once, the dialog should not come back on reload or Back.
    if (requested) navigate(path, { replace: true });
  }
  // A card payment that needed a redirect (a bank's check) comes back here to be confirmed.
  useTicketPaymentReturn((order) => void confirmPurchase(order));
  const listed = (buyingId && events?.find((event) => event.id === buyingId)) || null;
  // An offer's tickets are held for it: the public stock says sold out, the offer does not.
  const buying = listed && offerToken ? { ...listed, availableTickets: listed.maxPerOrder } : listed;
  return (
    <PageShell
      title="Event Tickets"
      description="Browse and purchase tickets for upcoming concerts and events"
      actions={
        <Button asChild variant="outline">
          <Link href="/my-tickets">
            <TicketCheck aria-hidden="true" />
            My Tickets
          </Link>
        </Button>
      }
    >
      <div className="grid gap-6">
        {last.purchase && (
          <PurchaseConfirmation
            ref={card}
            purchase={last.purchase}
            email={user?.email ?? null}
            onDismiss={last.dismiss}
          />
        )}
        <EventGrid onBuy={(event) => setBuyingId(event.id)} onJoinWaitlist={setWaiting} />
      </div>
      {buying && (
        <Suspense fallback={<PageLoading label="Opening purchase..." className="sr-only" />}>
          <PurchaseDialog event={buying} onClose={closeDialog} waitlistToken={offerToken} />
        </Suspense>
      )}
      {waiting && (
        <Suspense fallback={<PageLoading label="Opening the waiting list..." className="sr-only" />}>
          <WaitlistDialog event={waiting} email={user?.email ?? ""} onClose={() => setWaiting(null)} />
        </Suspense>
      )}
    </PageShell>
  );
}

function EventGrid({
  onBuy,
  onJoinWaitlist,
}: {
  onBuy: (event: Event) => void;
  onJoinWaitlist: (event: Event) => void;
}) {
  const query = useQuery(eventsQuery);
  if (query.isLoading) return <PageLoading label="Loading events..." className="min-h-40" />;
  if (query.isError) return <LoadError what="events" onRetry={() => void query.refetch()} />;
  const events = query.data ?? [];
  if (events.length === 0) {
    return (
      <section className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card/60 p-10 text-center">
        <CalendarX2 aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-xl font-semibold">No Events Available</h2>
        <p className="text-muted-foreground">Check back later for upcoming events</p>
      </section>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event) => (
        <li key={event.id} className="flex">
          <EventCard event={event} onBuy={onBuy} onJoinWaitlist={onJoinWaitlist} />
        </li>
      ))}
    </ul>
  );
}

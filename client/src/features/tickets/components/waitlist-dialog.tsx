import { useState } from "react";
import type { Event } from "@shared/events";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { useJoinWaitlist } from "../waitlist-api";

/** "Join the waiting list" of a sold-out event; `event` null means closed. */
export function WaitlistDialog({
  event,
  email: defaultEmail,
  onClose,
}: {
  event: Pick<Event, "id" | "name" | "artist" | "maxPerOrder"> | null;
  email: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      {event && <WaitlistForm key={event.id} event={event} defaultEmail={defaultEmail} onClose={onClose} />}
    </Dialog>
  );
}

function WaitlistForm({
  event,
  defaultEmail,
  onClose,
}: {
  event: Pick<Event, "id" | "name" | "artist" | "maxPerOrder">;
  defaultEmail: string;
  onClose: () => void;
}) {
  const [email, setEmail] = useState(defaultEmail);
  const [name, setName] = useState("");
  const [quantity, setQuantity] = useState("1");
  const join = useJoinWaitlist(event.id);

  function submit() {
    const wanted = Math.min(Math.max(1, Math.floor(Number(quantity)) || 1), event.maxPerOrder);
    join.mutate(
      { email, name: name || undefined, quantity: wanted },
      {
        onSuccess: ({ position }) => {
          toast({
            title: "You are on the waiting list",
            description: `You are number ${position} in line. We e-mail you if tickets come back.`,
          });
          onClose();
        },
      },
    );
  }

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Join the waiting list</DialogTitle>
        <DialogDescription>
          {event.name} — {event.artist}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-3">
        <div className="grid gap-1">
          <Label htmlFor="waitlist-email">E-mail</Label>
          <Input id="waitlist-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="waitlist-name">Name (optional)</Label>
          <Input id="waitlist-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="waitlist-quantity">Number of Tickets</Label>
          <Input
            id="waitlist-quantity"
            type="number"
            min={1}
            max={event.maxPerOrder}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </div>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" onClick={submit} disabled={join.isPending || !email}>
          {join.isPending ? "Joining..." : "Join the waiting list"}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

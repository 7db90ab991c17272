/**
 * The repo's Stripe stand-in (server/test/stripe-stand-in.ts) in a process of its own, for the
 * bench's shop checkout: in the bench's own process it shared one thread with the load
 * generator, and the checkout waited on that thread rather than on its own work. Prints its
 * address on the first line of stdout and runs until it is sent SIGTERM.
 */
import { startStripeStandIn } from "../../server/test/stripe-stand-in";

const stripe = await startStripeStandIn();
process.stdout.write(`${stripe.url}\n`);
process.on("SIGTERM", () => void stripe.close().then(() => process.exit(0)));

/**
 * GET /api/config: runtime settings, read from the server rather than baked into the build so
 * one build serves every environment.
 */
export interface AppConfig {
  /** null: Stripe is not configured, and the checkouts say payments are unavailable. */
  stripePublishableKey: string | null;
  /** Whether a master code is configured, so "Enter master code" can work. */
  masterCodeEnabled: boolean;
  /** How often the landing asks whether a stream is live. */
  liveStreamPollMs: number;
}

// The JavaScript budgets of a page load, in bytes on the wire as Chrome asks for them (Brotli),
// what the page mounts as it loads included (docs/decisions/046-a-lighter-page.md). Read by the
// bundle check (scripts/check-bundle-size.mjs) and `npm run bench:web`.

/** The landing, signed out: its figure before the entry lost the landing's code. It may only fall. */
export const LANDING_BUDGET_BYTES = 128_170;
/** /tickets, signed in: the members' pages' yardstick. */
export const SIGNED_IN_BUDGET_BYTES = 110_000;

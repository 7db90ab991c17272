// The values the users table stores in its enumerated columns. The table and the contract
// both read them from here, so neither imports the other.

/**
 * Where an administrator's role came from. Sign-in takes back only what ADMIN_EMAILS gave
 * ("admin-emails") once the address leaves the list; a master-code grant is kept. An admin
 * with no source was made one by hand (SQL) and is left alone as well.
 */
export const ADMIN_SOURCES = ["admin-emails", "master-code"] as const;

export type AdminSource = (typeof ADMIN_SOURCES)[number];

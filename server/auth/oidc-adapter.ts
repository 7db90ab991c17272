import { and, eq, lt, sql } from "drizzle-orm";
import { oidcPayloads } from "@shared/oidc.table";
import type { Database } from "../db/database";

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

/**
 * oidc-provider storage in PostgreSQL instead of its in-memory default, so that a sign-in
 * started on one app instance can finish on another and survives a restart.
 */
export function createOidcAdapter(db: Database) {
  let writes = 0;
  return class PostgresOidcAdapter {
    constructor(private readonly type: string) {}

    private key(id: string) {
      return and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type));
    }

    private async findWhere(condition: ReturnType<typeof and>): Promise<Payload | undefined> {
      const [row] = await db.select().from(oidcPayloads).where(condition).limit(1);
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      return {
        ...(row.payload as Payload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const values = {
        id,
        type: this.type,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(values)
        .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: { ...values, consumedAt: null } });
      // Expired artifacts are swept now and then rather than by a timer.
      if (++writes % 100 === 0) await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
    }

    find(id: string) {
      return this.findWhere(this.key(id));
    }
    findByUid(uid: string) {
      return this.findWhere(and(eq(oidcPayloads.uid, uid), eq(oidcPayloads.type, this.type)));
    }
    findByUserCode(userCode: string) {
      return this.findWhere(and(eq(oidcPayloads.userCode, userCode), eq(oidcPayloads.type, this.type)));
    }
    async consume(id: string) {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(this.key(id));
    }
    async destroy(id: string) {
      await db.delete(oidcPayloads).where(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

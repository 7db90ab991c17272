import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { User } from "@shared/users";
import { users } from "@shared/users.table";
import type { Database } from "../db/database";

/** What a sign-in may store: only an identity whose e-mail the issuer has verified. */
export interface VerifiedSignIn {
  issuer: string;
  subject: string;
  /** Lower-cased, and verified by the issuer (`email_verified: true`). */
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  /** The address is in ADMIN_EMAILS. */
  listedAdmin: boolean;
}

/** How the signed-in user was found, for the log. */
export type SignInMatch = "identity" | "email" | "new";

/**
 * The role columns after a sign-in: ADMIN_EMAILS grants admin (recorded as such), and takes
 * back only a role it granted itself once the address leaves the list. A master-code grant,
 * or an admin made by hand, stays. Every reference is to the row's values before the change.
 */
function roleAfterSignIn(listedAdmin: boolean) {
  return listedAdmin
    ? {
        role: sql<string>`'admin'`,
        adminSource: sql<
          string | null
        >`case when ${users.role} = 'admin' then ${users.adminSource} else 'admin-emails' end`,
      }
    : {
        role: sql<string>`case when ${users.adminSource} = 'admin-emails' then 'user' else ${users.role} end`,
        adminSource: sql<
          string | null
        >`case when ${users.adminSource} = 'admin-emails' then null else ${users.adminSource} end`,
      };
}

export function createUsersRepository(db: Database) {
  return {
    async findById(id: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user;
    },

    /**
     * Finds the user by the issuer's identity (`iss` + `sub`) first. Failing that, the verified
     * e-mail links the existing account with that address to this identity (replacing an
     * older link, e.g. after moving to another issuer), or a new user is created. Names fill
     * in only what the issuer shares; the role follows ADMIN_EMAILS (roleAfterSignIn).
     */
    async signIn(profile: VerifiedSignIn): Promise<{ user: User; match: SignInMatch }> {
      const names = {
        firstName: sql`coalesce(${profile.firstName ?? null}::text, ${users.firstName})`,
        lastName: sql`coalesce(${profile.lastName ?? null}::text, ${users.lastName})`,
        profileImageUrl: sql`coalesce(${profile.profileImageUrl ?? null}::text, ${users.profileImageUrl})`,
      };
      const [byIdentity] = await db
        .update(users)
        .set({
          ...names,
          ...roleAfterSignIn(profile.listedAdmin),
          // Follow an address changed at the issuer, unless another account already has it.
          email: sql`case when exists (select 1 from ${users} as others where others.email = ${profile.email} and others.id <> ${users.id}) then ${users.email} else ${profile.email} end`,
          updatedAt: new Date(),
        })
        .where(and(eq(users.oidcIssuer, profile.issuer), eq(users.oidcSubject, profile.subject)))
        .returning();
      if (byIdentity) return { user: byIdentity, match: "identity" };

      const [user] = await db
        .insert(users)
        .values({
          email: profile.email,
          firstName: profile.firstName ?? null,
          lastName: profile.lastName ?? null,
          profileImageUrl: profile.profileImageUrl ?? null,
          role: profile.listedAdmin ? "admin" : "user",
          adminSource: profile.listedAdmin ? "admin-emails" : null,
          oidcIssuer: profile.issuer,
          oidcSubject: profile.subject,
        })
        .onConflictDoUpdate({
          target: users.email,
          set: {
            ...names,
            ...roleAfterSignIn(profile.listedAdmin),
            oidcIssuer: profile.issuer,
            oidcSubject: profile.subject,
            updatedAt: new Date(),
          },
        })
        // xmax is 0 on a freshly inserted row, and set on one the conflict updated.
        .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
      const { created, ...row } = user;
      return { user: row, match: created ? "new" : "email" };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

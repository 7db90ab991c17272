import { eq, sql } from "drizzle-orm";
import { users, type User } from "@shared/users";
import type { Database } from "../db/database";

export interface SignInProfile {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  makeAdmin: boolean;
}

export function createUsersRepository(db: Database) {
  return {
    async findById(id: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user;
    },

    /** Users are keyed by e-mail; a role granted earlier is never taken away at sign-in. */
    async upsertOnSignIn(profile: SignInProfile): Promise<User> {
      const [user] = await db
        .insert(users)
        .values({
          email: profile.email,
          firstName: profile.firstName ?? null,
          lastName: profile.lastName ?? null,
          profileImageUrl: profile.profileImageUrl ?? null,
          role: profile.makeAdmin ? "admin" : "user",
        })
        .onConflictDoUpdate({
          target: users.email,
          set: {
            firstName: sql`coalesce(excluded.first_name, ${users.firstName})`,
            lastName: sql`coalesce(excluded.last_name, ${users.lastName})`,
            profileImageUrl: sql`coalesce(excluded.profile_image_url, ${users.profileImageUrl})`,
            role: profile.makeAdmin ? "admin" : sql`${users.role}`,
            updatedAt: new Date(),
          },
        })
        .returning();
      return user;
    },

    async setRole(id: string, role: "user" | "admin"): Promise<User | undefined> {
      const [user] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      return user;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

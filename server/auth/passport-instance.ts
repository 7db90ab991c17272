import { Passport } from "passport";

/** One passport instance per app (not the global), so several apps can share a process. */
export type PassportInstance = InstanceType<typeof Passport>;

export function createPassport(): PassportInstance {
  return new Passport();
}

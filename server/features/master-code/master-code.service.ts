import crypto from "node:crypto";
import type { User } from "@shared/users";
import { HttpError } from "../../lib/http-error";
import type { MasterCodeRepository } from "./master-code.repository";

/** Entry is locked for this long; the caller sends it as Retry-After with `message`. */
export interface MasterCodeLocked {
  retryAfterSeconds: number;
  message: string;
}

/** Constant-time comparison for short secrets of any length. */
function safeEqual(a: string, b: string) {
  const ha = crypto.createHash("sha256").update(a).digest();
  const hb = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

function waitText(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/**
 * "Enter master code": a signed-in user who knows MASTER_CODE becomes an administrator
 * (docs/decisions/003-identity-and-roles.md). Attempts are counted before the code is
 * compared, per user and per client address, so guessing is slow on every instance.
 */
export function createMasterCodeService(deps: {
  /** Read at each attempt, from the app's configuration. */
  masterCode: () => string | undefined;
  repository: MasterCodeRepository;
}) {
  const { repository } = deps;
  return {
    async enter(input: {
      userId: string;
      address: string;
      code: string;
    }): Promise<{ user: User } | { locked: MasterCodeLocked }> {
      const masterCode = deps.masterCode();
      if (!masterCode) {
        throw HttpError.notFound("Master access is not enabled. Access is granted by an administrator.");
      }
      const decision = await repository.takeAttempt({ user: input.userId, address: input.address });
      if (!decision.allowed) {
        const { retryAfterSeconds } = decision;
        const message = `Too many attempts. Master code entry is locked; try again in ${waitText(retryAfterSeconds)}.`;
        return { locked: { retryAfterSeconds, message } };
      }
      if (!safeEqual(input.code, masterCode)) {
        throw HttpError.forbidden("That master code is not correct");
      }
      const user = await repository.grantAdmin(input.userId);
      if (!user) throw HttpError.unauthorized();
      return { user };
    },
  };
}

export type MasterCodeService = ReturnType<typeof createMasterCodeService>;

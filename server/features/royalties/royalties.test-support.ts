import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";

/** A test app whose ADMIN_EMAILS is `adminEmail`, and that administrator signed in. */
export async function startRoyaltiesApp(
  adminEmail: string,
  adminName?: string,
): Promise<{ app: TestApp; admin: Agent }> {
  const app = await startTestApp({ env: { ADMIN_EMAILS: adminEmail } });
  return { app, admin: await app.signIn(adminEmail, adminName) };
}

import { LockKeyhole } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { useDocumentTitle } from "@/lib/document-title";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { signInHref } from "@shared/sign-in";

/**
 * A members' page opened while signed out (an old bookmark, an expired session): ask to sign
 * in, and come back to this very page afterwards.
 */
export function SignInPromptPage() {
  const [path] = useLocation();
  const search = useSearch();
  useDocumentTitle("Sign in to continue");
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="flex min-h-dvh w-full items-center justify-center px-4 outline-hidden"
    >
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <LockKeyhole className="size-7 shrink-0 text-primary" aria-hidden="true" />
            <h1 className="text-2xl font-bold">Sign in to continue</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            This page is for members. Log in and you will come straight back here.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild>
              <a href={signInHref(search ? `${path}?${search}` : path)}>Log In</a>
            </Button>
            <Button asChild variant="outline">
              <Link href="/">Go to the home page</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

import { Bot, Volume2, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ASSISTANT_PROMPT, greetingFor, type Greeting } from "../greeting";

function speechAvailable(): boolean {
  return typeof window.speechSynthesis !== "undefined" && typeof SpeechSynthesisUtterance !== "undefined";
}

function speak(text: string) {
  if (!speechAvailable()) return;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}

function stopSpeaking() {
  if (speechAvailable()) window.speechSynthesis.cancel();
}

/**
 * A floating button opens a card that greets by time of day and asks
 * 'How can we rock you today?', read aloud where the Web Speech API exists.
 */
export function AssistantWidget({ now = () => new Date() }: { now?: () => Date }) {
  const [greeting, setGreeting] = useState<Greeting | null>(null);
  const open = greeting !== null;
  const cardId = useId();
  const titleId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const openCard = () => {
    const next = greetingFor(now());
    setGreeting(next);
    speak(`${next}! ${ASSISTANT_PROMPT}`);
  };

  const closeCard = useCallback(() => {
    stopSpeaking();
    setGreeting(null);
    toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  // Leaving the page must not leave the assistant talking.
  useEffect(() => stopSpeaking, []);

  return (
    <div className="fixed bottom-4 right-4 z-40 flex flex-col items-end gap-3 sm:bottom-6 sm:right-6">
      {open && (
        <Card
          id={cardId}
          role="dialog"
          aria-labelledby={titleId}
          className="w-[min(20rem,calc(100vw-2rem))] shadow-xl"
          onKeyDown={(event) => {
            if (event.key === "Escape") closeCard();
          }}
        >
          <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-2">
            <CardTitle asChild className="flex items-center gap-2 text-base">
              <h2 id={titleId}>
                <Bot aria-hidden="true" className="size-5 text-primary" />
                AI Assistant
              </h2>
            </CardTitle>
            <div className="flex items-center">
              {speechAvailable() && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label="Say it again"
                  onClick={() => speak(`${greeting}! ${ASSISTANT_PROMPT}`)}
                >
                  <Volume2 aria-hidden="true" />
                </Button>
              )}
              <Button
                ref={closeRef}
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label="Close assistant"
                onClick={closeCard}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          </CardHeader>
          <CardContent aria-live="polite">
            <p className="font-display text-2xl font-bold text-primary">{greeting}</p>
            <p className="mt-1 text-muted-foreground">{ASSISTANT_PROMPT}</p>
          </CardContent>
        </Card>
      )}
      <Button
        ref={toggleRef}
        type="button"
        size="icon"
        className="size-14 rounded-full shadow-lg"
        aria-label={open ? "Close AI assistant" : "Open AI assistant"}
        aria-expanded={open}
        aria-controls={open ? cardId : undefined}
        onClick={open ? closeCard : openCard}
      >
        <Bot aria-hidden="true" className="size-6" />
      </Button>
    </div>
  );
}

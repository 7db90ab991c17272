import { Camera, CameraOff } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { createQrDecoder, type QrDecoder } from "../qr-decoder";

const FRAME_EVERY_MS = 250;
/** The same code held in front of the camera is read once, not four times a second. */
const SAME_CODE_QUIET_MS = 4000;

type CameraState = { kind: "off" } | { kind: "starting" } | { kind: "on" } | { kind: "failed"; message: string };

/** getUserMedia's refusals, as the person at the door can act on them. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return "Camera access was denied. Allow the camera for this site in your browser's settings, or type the code instead.";
  }
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No camera was found on this device. Type the code instead.";
  if (name === "NotReadableError") return "The camera is being used by another app. Close it and try again.";
  return "The camera could not start. Type the code instead.";
}

/** The phone's camera reading ticket QR codes; it starts only when asked. */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const [state, setState] = useState<CameraState>({ kind: "off" });
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  // The latest handler, called from the frame loop without restarting the camera.
  const emitCode = useEffectEvent(onCode);

  function stop() {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setState({ kind: "off" });
  }

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({
        kind: "failed",
        message: "This browser cannot use the camera here (it needs a secure https connection). Type the code instead.",
      });
      return;
    }
    setState({ kind: "starting" });
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment" },
        audio: false,
      });
      setState({ kind: "on" });
    } catch (error) {
      setState({ kind: "failed", message: cameraErrorMessage(error) });
    }
  }

  // While on: show the stream and read a frame every few hundred milliseconds.
  useEffect(() => {
    const element = video.current;
    if (state.kind !== "on" || !element || !stream.current) return;
    let decoder: QrDecoder | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { code: "", at: 0 };
    element.srcObject = stream.current;
    const tick = async () => {
      const code = decoder && element.readyState >= 2 ? await decoder.decode(element) : null;
      if (stopped) return;
      if (code && (code !== last.code || Date.now() - last.at > SAME_CODE_QUIET_MS)) {
        last = { code, at: Date.now() };
        emitCode(code);
      }
      timer = setTimeout(() => void tick(), FRAME_EVERY_MS);
    };
    void element.play().catch(() => undefined);
    void createQrDecoder()
      .then((created) => {
        decoder = created;
        if (stopped) created.close();
        else void tick();
      })
      .catch(() => setState({ kind: "failed", message: "The QR reader could not load. Type the code instead." }));
    return () => {
      stopped = true;
      clearTimeout(timer);
      decoder?.close();
    };
  }, [state.kind]);

  // Leaving the page turns the camera off.
  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);

  const on = state.kind === "on";
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {on ? (
          <Button type="button" variant="outline" onClick={stop}>
            <CameraOff aria-hidden="true" />
            Stop camera
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={() => void start()} disabled={state.kind === "starting"}>
            <Camera aria-hidden="true" />
            {state.kind === "starting" ? "Starting camera..." : "Start camera"}
          </Button>
        )}
        {on && <p className="text-sm text-muted-foreground">Hold the ticket's QR code in front of the camera.</p>}
      </div>
      {state.kind === "failed" && (
        <p role="alert" className="rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm">
          {state.message}
        </p>
      )}
      {on && (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera view"
          className="aspect-[4/3] w-full max-w-sm rounded-lg bg-black object-cover"
        />
      )}
    </div>
  );
}

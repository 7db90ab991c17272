import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html is missing the #root element");

// A transition: React renders the first screen in short slices instead of one long task, so
// the browser stays free to handle input while the app starts.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

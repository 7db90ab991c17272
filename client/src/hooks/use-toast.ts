import { useEffect, useState } from "react";
import type { ReactNode } from "react";
import type { ToastActionElement, ToastProps } from "@/components/ui/toast";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY } from "@shared/constants";

/*
 * A tiny global store (shadcn/ui pattern) so any module can raise a toast without a hook.
 * At most TOAST_LIMIT (1) toast; a new one replaces the previous; a dismissed
 * toast is removed from memory TOAST_REMOVE_DELAY ms later.
 */

export type ToasterToast = Omit<ToastProps, "title"> & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

export type ToastInput = Omit<ToasterToast, "id">;

type State = { toasts: ToasterToast[] };

type Action =
  | { type: "ADD_TOAST"; toast: ToasterToast }
  | { type: "UPDATE_TOAST"; toast: Partial<ToasterToast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function queueRemoval(toastId: string) {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: "REMOVE_TOAST", toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  // Side effect kept out of the reducer: schedule removal of what is being dismissed.
  if (action.type === "DISMISS_TOAST") {
    for (const t of memoryState.toasts) {
      if (action.toastId === undefined || t.id === action.toastId) queueRemoval(t.id);
    }
  }
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

/** Dismisses one toast, or every toast when no id is given. */
export function dismissToast(toastId?: string) {
  dispatch({ type: "DISMISS_TOAST", toastId });
}

/** Shows a toast (replacing the current one) and returns handles to update or dismiss it. */
export function toast(props: ToastInput) {
  const id = genId();
  const update = (next: Partial<ToastInput>) => dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } });
  const dismiss = () => dismissToast(id);

  dispatch({
    type: "ADD_TOAST",
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
        props.onOpenChange?.(open);
      },
    },
  });

  return { id, dismiss, update };
}

export function useToast() {
  const [state, setState] = useState<State>(memoryState);

  useEffect(() => {
    listeners.add(setState);
    // The store may have changed between render and subscription.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- catches up with the store outside React, as a subscription does
    setState(memoryState);
    return () => {
      listeners.delete(setState);
    };
  }, []);

  return { ...state, toast, dismiss: dismissToast };
}

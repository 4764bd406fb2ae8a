"use client";

import {
  cloneElement,
  createContext,
  isValidElement,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
  Suspense,
  useContext,
  useState,
} from "react";

// Modal dialogs (ADR 0015). The trigger is drawn with the page; the dialog itself — Radix, with its focus
// trap, Escape, labelling and inert background (dialog-view.tsx) — is loaded when it first opens, or
// when the pointer or focus reaches the trigger, so a page whose dialogs nobody opens doesn't download
// them (ADR 0047). Once loaded it stays mounted, so it closes and returns focus as Radix does.

const loadView = () => import("./dialog-view");
const DialogView = lazy(loadView);

/** Closes the dialog around it (DialogClose). */
const CloseContext = createContext<(() => void) | null>(null);

type DialogProps = {
  /** The element that opens it (a `Button`); omitted when `open` is controlled from outside. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, primary last (right on desktop, full width stacked on phones). */
  footer?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** `alertdialog` for confirmations: screen readers announce it as needing an answer. */
  role?: "dialog" | "alertdialog";
  /** Where focus goes on opening (default: the first focusable element, the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
};

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
};

export function Dialog({ trigger, open: openProp, onOpenChange, ...view }: DialogProps) {
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  const [triggerElement, setTriggerElement] = useState<HTMLElement | null>(null);
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };
  const preload = () => void loadView().catch(() => undefined);

  let opener: ReactNode = null;
  if (isValidElement<TriggerProps>(trigger)) {
    const own = trigger.props;
    opener = cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
      "aria-haspopup": "dialog",
      "aria-expanded": open,
      "data-state": open ? "open" : "closed",
      onClick: (event: MouseEvent<HTMLElement>) => {
        own.onClick?.(event);
        // Focus returns here when the dialog closes (the trigger is not Radix's, so Radix can't).
        setTriggerElement(event.currentTarget);
        if (!event.defaultPrevented) setOpen(!open);
      },
      onPointerEnter: () => {
        own.onPointerEnter?.();
        preload();
      },
      onFocus: () => {
        own.onFocus?.();
        preload();
      },
    });
  } else opener = trigger;

  return (
    <>
      {opener}
      {loaded && (
        <CloseContext.Provider value={() => setOpen(false)}>
          <Suspense fallback={null}>
            <DialogView {...view} open={open} onOpenChange={setOpen} returnFocus={triggerElement} />
          </Suspense>
        </CloseContext.Provider>
      )}
    </>
  );
}

/** Closes the surrounding dialog when clicked (wrap a `Button`). */
export function DialogClose({ children }: { children: ReactElement<TriggerProps> }) {
  const close = useContext(CloseContext);
  const own = children.props;
  return cloneElement(children, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) close?.();
    },
  });
}

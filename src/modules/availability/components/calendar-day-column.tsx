"use client";

import { type ReactNode, useRef, useState } from "react";
import { useBlockDraft } from "./calendar-block-draft";

// One team's column of the day view. Its items are rendered by the server (children); this leaf adds
// range selection for a new block: drag with a mouse or pen, or tap/click a point for an hour from there
// (a touch drag scrolls the page instead, so touch selects by tapping). Keyboard users have the block
// form, which this only pre-fills.

const SNAP_MIN = 15;
const TAP_MIN = 60;
const TAP_SLOP_PX = 4;

type Props = {
  teamId: string;
  teamName: string;
  timeZone: string;
  axisStartMs: number;
  axisEndMs: number;
  pxPerMinute: number;
  children: ReactNode;
};

type Drag = { pointerId: number; fromY: number; toY: number };

export function CalendarDayColumn({
  teamId,
  teamName,
  timeZone,
  axisStartMs,
  axisEndMs,
  pxPerMinute,
  children,
}: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const { draft, select } = useBlockDraft();
  const spanMin = (axisEndMs - axisStartMs) / 60_000;

  const yOf = (clientY: number) => {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect) return 0;
    return Math.min(Math.max(clientY - rect.top, 0), rect.height);
  };
  const snap = (y: number, round: (n: number) => number) =>
    Math.min(Math.max(round(y / pxPerMinute / SNAP_MIN) * SNAP_MIN, 0), spanMin);
  const rangeOf = (d: Drag): [number, number] => {
    if (Math.abs(d.toY - d.fromY) < TAP_SLOP_PX) {
      const start = Math.min(snap(d.fromY, Math.floor), spanMin - SNAP_MIN);
      return [start, Math.min(start + TAP_MIN, spanMin)];
    }
    const lo = snap(Math.min(d.fromY, d.toY), Math.floor);
    const hi = snap(Math.max(d.fromY, d.toY), Math.ceil);
    return [lo, Math.max(hi, lo + SNAP_MIN)];
  };

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    // Items and their details (a popover inside the column) keep their own clicks.
    if (e.button !== 0 || (e.target as HTMLElement).closest("[data-calendar-item], [popover]")) return;
    const y = yOf(e.clientY);
    setDrag({ pointerId: e.pointerId, fromY: y, toY: y });
    if (e.pointerType !== "touch") {
      e.currentTarget.setPointerCapture(e.pointerId);
      e.preventDefault();
    }
  };
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    if (drag && drag.pointerId === e.pointerId) setDrag({ ...drag, toY: yOf(e.clientY) });
  };
  const onPointerUp = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pointerId !== e.pointerId) return;
    const [lo, hi] = rangeOf({ ...drag, toY: yOf(e.clientY) });
    setDrag(null);
    select({
      teamId,
      teamName,
      timeZone,
      startMs: axisStartMs + lo * 60_000,
      endMs: axisStartMs + hi * 60_000,
    });
  };

  let overlay: [number, number] | null = null;
  if (drag) overlay = rangeOf(drag);
  else if (draft && draft.teamId === teamId && draft.endMs > axisStartMs && draft.startMs < axisEndMs)
    overlay = [
      Math.max(0, (draft.startMs - axisStartMs) / 60_000),
      Math.min(spanMin, (draft.endMs - axisStartMs) / 60_000),
    ];

  return (
    <div
      ref={ref}
      className="relative h-full cursor-crosshair select-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
    >
      {children}
      {overlay && (
        <div
          aria-hidden="true"
          data-testid="block-selection"
          className="pointer-events-none absolute inset-x-1 z-20 rounded-control border-2 border-dashed border-brand bg-brand-soft/80 px-2 py-1 text-xs font-semibold text-brand-ink"
          style={{ top: overlay[0] * pxPerMinute, height: (overlay[1] - overlay[0]) * pxPerMinute }}
        >
          New block
        </div>
      )}
    </div>
  );
}

"use client";

import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { formatMinutes, localDateOf, toLocalParts } from "@/lib/dates";

// A time range selected on the day view, waiting to become a block: the day columns write it, the block
// form reads it (pre-filling its fields) and the columns draw it. `seq` changes on every selection so
// the form knows to take the new values.

export type BlockDraft = {
  seq: number;
  teamId: string;
  teamName: string;
  startMs: number;
  endMs: number;
  /** The same range as the form's wall-clock fields, in the business time zone. */
  date: string;
  startTime: string;
  endDate: string;
  endTime: string;
};

type DraftContext = {
  draft: BlockDraft | null;
  select: (range: {
    teamId: string;
    teamName: string;
    startMs: number;
    endMs: number;
    timeZone: string;
  }) => void;
  clear: () => void;
};

const Ctx = createContext<DraftContext>({ draft: null, select: () => {}, clear: () => {} });

const clock = (instant: Date, timeZone: string) => {
  const l = toLocalParts(instant, timeZone);
  return formatMinutes(l.hour * 60 + l.minute);
};

export function BlockDraftProvider({ children }: { children: ReactNode }) {
  const [draft, setDraft] = useState<BlockDraft | null>(null);
  const select = useCallback<DraftContext["select"]>(({ teamId, teamName, startMs, endMs, timeZone }) => {
    const start = new Date(startMs);
    const end = new Date(endMs);
    const date = localDateOf(start, timeZone);
    const endDate = localDateOf(end, timeZone);
    setDraft((prev) => ({
      seq: (prev?.seq ?? 0) + 1,
      teamId,
      teamName,
      startMs,
      endMs,
      date,
      startTime: clock(start, timeZone),
      endDate: endDate === date ? "" : endDate,
      endTime: clock(end, timeZone),
    }));
  }, []);
  const clear = useCallback(() => setDraft(null), []);
  const value = useMemo(() => ({ draft, select, clear }), [draft, select, clear]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useBlockDraft(): DraftContext {
  return useContext(Ctx);
}

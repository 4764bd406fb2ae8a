import { describe, expect, it } from "vitest";
import {
  type BulkScope,
  changedDrafts,
  type GridContext,
  type GridMatrix,
  initialPriceGridState,
  isChanged,
  type PriceGridAction,
  priceGridReducer,
  type PriceGridState,
  valueOf,
} from "./price-grid-state";

// Two categories: Wash (wash-1 with small and large priced, wash-2 small only) and Valet (valet-1).
const matrix: GridMatrix = {
  sizes: [{ id: "small" }, { id: "large" }],
  services: [
    {
      id: "wash-1",
      categoryId: "wash",
      cells: {
        small: { priceMinor: 2500, durationMinutes: 45, version: 1 },
        large: { priceMinor: 3500, durationMinutes: 60, version: 4 },
      },
    },
    {
      id: "wash-2",
      categoryId: "wash",
      cells: { small: { priceMinor: 1000, durationMinutes: 20, version: 2 }, large: null },
    },
    {
      id: "valet-1",
      categoryId: "valet",
      cells: { small: { priceMinor: 8500, durationMinutes: 120, version: 1 }, large: null },
    },
  ],
};
const ctx: GridContext = { matrix, digits: 2 };
const cell = (serviceId: string, vehicleSizeId: string) => ({ serviceId, vehicleSizeId });
const run = (
  actions: PriceGridAction[],
  c: GridContext = ctx,
  from: PriceGridState = initialPriceGridState,
) => actions.reduce((s, a) => priceGridReducer(s, a, c), from);
const edit = (s: string, z: string, field: "price" | "duration", value: string): PriceGridAction => ({
  type: "edit",
  cell: cell(s, z),
  field,
  value,
});
const preview = (percent: string, scope: BulkScope = { kind: "all" }, step = 1): PriceGridAction => ({
  type: "preview",
  scope,
  percent,
  step,
});
const prices = (state: PriceGridState) =>
  Object.fromEntries(
    matrix.services.flatMap((s) =>
      matrix.sizes.map((z) => [`${s.id}:${z.id}`, valueOf(state, ctx, cell(s.id, z.id)).price]),
    ),
  );

describe("editing and dirty tracking", () => {
  it.each<[string, PriceGridAction[], number]>([
    ["nothing touched", [], 0],
    ["a new price", [edit("wash-1", "small", "price", "26")], 1],
    ["the same price written differently", [edit("wash-1", "small", "price", "25")], 0],
    [
      "typed and typed back",
      [edit("wash-1", "small", "price", "30"), edit("wash-1", "small", "price", "25.00")],
      0,
    ],
    ["a new duration", [edit("wash-1", "large", "duration", "65")], 1],
    [
      "both fields of one cell",
      [edit("wash-1", "large", "duration", "65"), edit("wash-1", "large", "price", "36")],
      1,
    ],
    ["two cells", [edit("wash-1", "large", "price", "36"), edit("valet-1", "small", "price", "90")], 2],
    [
      "an offered cell cleared",
      [edit("wash-2", "small", "price", ""), edit("wash-2", "small", "duration", "")],
      1,
    ],
    ["half of a new cell (still a change, invalid)", [edit("wash-2", "large", "price", "15")], 1],
    [
      "a new cell offered",
      [edit("wash-2", "large", "price", "15"), edit("wash-2", "large", "duration", "30")],
      1,
    ],
  ])("%s → %i unsaved", (_name, actions, dirty) => {
    expect(changedDrafts(run(actions), ctx)).toHaveLength(dirty);
  });

  it("a draft starts from the server's value and version", () => {
    const s = run([edit("wash-1", "large", "price", "36")]);
    expect(s.draft["wash-1:large"]).toEqual({
      ...cell("wash-1", "large"),
      price: "36",
      duration: "60",
      baseVersion: 4,
    });
    expect(run([edit("wash-2", "large", "price", "9")]).draft["wash-2:large"]?.baseVersion).toBeNull();
  });

  it("editing a field clears that field's error only", () => {
    const failed = run([
      edit("wash-1", "small", "price", "abc"),
      {
        type: "saveFailed",
        message: "Check the marked cells.",
        fieldErrors: { "cells.wash-1.small.price": ["Bad"], "cells.wash-1.small.duration": ["Bad too"] },
      },
    ]);
    const next = run([edit("wash-1", "small", "price", "26")], ctx, failed);
    expect(next.errors).toEqual({ "cells.wash-1.small.duration": ["Bad too"] });
    expect(failed.pending).toBe(false);
    expect(failed.message).toEqual({ kind: "error", text: "Check the marked cells." });
  });

  it("discard drops drafts, errors, conflicts and the message", () => {
    const s = run([edit("wash-1", "small", "price", "26"), preview("10"), { type: "discard" }]);
    expect(s).toEqual(initialPriceGridState);
  });
});

describe("bulk preview and undo", () => {
  it.each<[string, PriceGridAction[], Record<string, string>, string]>([
    [
      "all services +10 %",
      [preview("10")],
      { "wash-1:small": "27.50", "wash-1:large": "38.50", "wash-2:small": "11.00", "valet-1:small": "93.50" },
      "Preview: 4 prices changed — review the highlighted cells, then Save all.",
    ],
    [
      "one category, rounded to £1",
      [preview("10", { kind: "category", id: "wash" }, 100)],
      { "wash-1:small": "28.00", "wash-1:large": "39.00", "wash-2:small": "11.00", "valet-1:small": "85.00" },
      "Preview: 3 prices changed — review the highlighted cells, then Save all.",
    ],
    [
      "one service",
      [preview("-10", { kind: "service", id: "valet-1" })],
      { "wash-1:small": "25.00", "valet-1:small": "76.50" },
      "Preview: 1 price changed — review the highlighted cells, then Save all.",
    ],
    [
      "nothing moves",
      [preview("0.1", { kind: "all" }, 500)],
      { "wash-1:small": "25.00", "wash-2:small": "10.00" },
      "Preview: no prices would change.",
    ],
    [
      "on top of a typed price; an unreadable one is skipped",
      [edit("wash-1", "small", "price", "30"), edit("wash-2", "small", "price", "ten"), preview("10")],
      { "wash-1:small": "33.00", "wash-2:small": "ten", "valet-1:small": "93.50" },
      "Preview: 3 prices changed — review the highlighted cells, then Save all. 1 cell was skipped: fix its price first.",
    ],
  ])("%s", (_name, actions, expected, message) => {
    const s = run(actions);
    expect(prices(s)).toMatchObject(expected);
    // A percentage never creates a price where the service is not offered.
    expect(prices(s)["wash-2:large"]).toBe("");
    expect(s.message).toEqual({ kind: "warning", text: message });
  });

  it("undo restores the draft from before the preview, typing included", () => {
    const typed = run([edit("wash-1", "small", "price", "30")]);
    const undone = run([preview("10"), { type: "undoPreview" }], ctx, typed);
    expect(undone.draft).toBe(typed.draft);
    expect(undone.beforePreview).toBeNull();
    expect(undone.message).toEqual({ kind: "success", text: "Preview undone." });
  });

  it("typing after a preview makes it part of the draft (no undo any more)", () => {
    const s = run([preview("10"), edit("valet-1", "small", "price", "99")]);
    expect(s.beforePreview).toBeNull();
    expect(run([{ type: "undoPreview" }], ctx, s)).toBe(s);
  });

  it.each(["", "abc", "2000", "-150"])(
    "an unreadable percentage %j changes nothing and says why",
    (percent) => {
      const s = run([preview(percent)]);
      expect(s.draft).toEqual({});
      expect(s.bulkError).toMatch(/^Enter a percentage/);
      expect(run([{ type: "bulkEdited" }], ctx, s).bulkError).toBeNull();
    },
  );
});

describe("saving", () => {
  // The server's answer to saving wash-1 small at 26.00: one price saved, now at version 2.
  const savedAt26 = (sent: Extract<PriceGridAction, { type: "saved" }>["sent"]): PriceGridAction => ({
    type: "saved",
    sent,
    saved: 1,
    cells: [{ ...cell("wash-1", "small"), current: { priceMinor: 2600, durationMinutes: 45, version: 2 } }],
  });

  it("success forgets the saved drafts, remembers the new values until the page refreshes", () => {
    const edited = run([edit("wash-1", "small", "price", "26"), { type: "saveStarted" }]);
    expect(edited.pending).toBe(true);
    const sent = changedDrafts(edited, ctx);
    const saved = run([savedAt26(sent)], ctx, edited);
    expect(saved.draft).toEqual({});
    expect(saved.pending).toBe(false);
    expect(saved.message).toEqual({ kind: "success", text: "Saved 1 price." });
    expect(valueOf(saved, ctx, cell("wash-1", "small")).price).toBe("26.00");
    expect(changedDrafts(saved, ctx)).toHaveLength(0);
    // Fresh data from the server replaces what the save said.
    const refreshed: GridContext = { ...ctx, matrix: { ...matrix } };
    expect(valueOf(saved, refreshed, cell("wash-1", "small")).price).toBe("25.00");
  });

  it("a cell typed into while saving keeps the newer text, based on the version just saved", () => {
    const before = run([edit("wash-1", "small", "price", "26"), { type: "saveStarted" }]);
    const sent = changedDrafts(before, ctx);
    const s = run([edit("wash-1", "small", "price", "27"), savedAt26(sent)], ctx, before);
    expect(s.draft["wash-1:small"]).toMatchObject({ price: "27", baseVersion: 2 });
    expect(isChanged(s, ctx, s.draft["wash-1:small"])).toBe(true);
  });

  it("a conflict marks the cell, keeps the typed value, and rebases it on the newer version", () => {
    const s = run([
      edit("wash-1", "large", "price", "49"),
      { type: "saveStarted" },
      {
        type: "conflicted",
        message: "Nothing was saved: 1 price was changed by someone else.",
        conflicts: [
          {
            ...cell("wash-1", "large"),
            current: { priceMinor: 4700, durationMinutes: 60, version: 5 },
            message: "Changed by someone else to £47.00.",
          },
        ],
      },
    ]);
    expect(s.pending).toBe(false);
    expect(s.conflicts).toEqual({ "wash-1:large": "Changed by someone else to £47.00." });
    expect(s.draft["wash-1:large"]).toMatchObject({ price: "49", baseVersion: 5 });
    expect(s.message?.kind).toBe("warning");
    expect(changedDrafts(s, ctx)).toHaveLength(1);

    // Keeping theirs drops the draft and shows their value.
    const kept = run([{ type: "keepTheirs", cell: cell("wash-1", "large") }], ctx, s);
    expect(kept.conflicts).toEqual({});
    expect(valueOf(kept, ctx, cell("wash-1", "large")).price).toBe("47.00");
    expect(changedDrafts(kept, ctx)).toHaveLength(0);
  });

  it("a conflict that removed the cell rebases the draft to 'not offered'", () => {
    const s = run([
      edit("wash-2", "small", "price", "12"),
      {
        type: "conflicted",
        message: "Nothing was saved.",
        conflicts: [{ ...cell("wash-2", "small"), current: null, message: "Removed by someone else." }],
      },
    ]);
    expect(s.draft["wash-2:small"]?.baseVersion).toBeNull();
    expect(
      valueOf(
        run([{ type: "keepTheirs", cell: cell("wash-2", "small") }], ctx, s),
        ctx,
        cell("wash-2", "small"),
      ),
    ).toEqual({ price: "", duration: "" });
  });
});

import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuItem, menuItemClass } from "@/components/ui/overlay/dropdown-menu";
import { Popover } from "@/components/ui/overlay/popover";

// The open panels live in a portal (checked in the browser by the admin shell's e2e); here, what the
// server sends: a real button that says what it opens and that it is closed.

describe("DropdownMenu", () => {
  const html = renderToStaticMarkup(
    h(DropdownMenu, {
      trigger: h(Button, null, "Ada"),
      children: h(DropdownMenuItem, null, "Sign out"),
    }),
  );

  it("renders its trigger as a button announcing a closed menu", () => {
    expect(html).toMatch(/^<button type="button"/);
    expect(html).toContain('aria-haspopup="menu"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain(">Ada</button>");
  });

  it("keeps the trigger's button styling (44 px)", () => {
    expect(html).toContain("min-h-11");
  });

  it("renders no items until opened", () => {
    expect(html).not.toContain("Sign out");
  });

  it("makes every item a 44 px target highlighted without an outline", () => {
    expect(menuItemClass).toContain("min-h-11");
    expect(menuItemClass).toContain("data-[highlighted]:bg-canvas");
  });
});

describe("Popover", () => {
  it("renders its trigger as a button announcing a closed dialog", () => {
    const html = renderToStaticMarkup(
      h(Popover, { trigger: h(Button, null, "Menu"), label: "Menu", children: "Inside" }),
    );
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain(">Menu</button>");
    expect(html).not.toContain("Inside");
  });
});

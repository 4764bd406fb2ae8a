import type { CatalogueService } from "@/modules/pricing/domain/booking-choices";

// A catalogue service for the pricing rules' unit tests: a valet package or add-on that spans breaks and
// belongs to no add-on category unless the test says so; its name is its slug unless given.
export const catalogueService = (
  over: Partial<CatalogueService> & Pick<CatalogueService, "id" | "slug" | "kind">,
): CatalogueService => ({
  name: over.slug,
  categoryId: "valet",
  spansBreaks: true,
  categoryName: "Valet",
  shortDescription: "",
  addonCategoryIds: [],
  ...over,
});

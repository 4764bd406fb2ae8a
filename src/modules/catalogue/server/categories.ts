import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { serviceCategories, services, addonCategories } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { slugify, type CategoryInput, type UpdateCategoryInput } from "../schemas";
import { type Actor, countWhere, insertRow, type OrderedListConfig, plural } from "./ordered-list";

export const categoryList = {
  table: serviceCategories,
  entity: "service_category",
  usedBy: async (tx, id) => {
    const n = await countWhere(tx, services, services.categoryId, id);
    const addons = await countWhere(tx, addonCategories, addonCategories.categoryId, id);
    if (n > 0) return `${plural(n, "service is", "services are")} in it`;
    if (addons > 0) return `${plural(addons, "add-on is", "add-ons are")} limited to it`;
    return null;
  },
} satisfies OrderedListConfig;

async function uniqueSlug(tx: DbOrTx, name: string, exceptId?: string): Promise<string> {
  const base = slugify(name) || "category";
  for (let i = 1; i < 50; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    const clash = await tx
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(
        exceptId
          ? and(eq(serviceCategories.slug, slug), ne(serviceCategories.id, exceptId))
          : eq(serviceCategories.slug, slug),
      );
    if (clash.length === 0) return slug;
  }
  throw new AppError("CONFLICT");
}

const nameTaken = () =>
  new AppError("VALIDATION", undefined, { name: ["A category with this name already exists."] });

async function assertNameFree(tx: DbOrTx, name: string, exceptId?: string) {
  const rows = await tx
    .select({ id: serviceCategories.id, name: serviceCategories.name })
    .from(serviceCategories);
  if (rows.some((r) => r.id !== exceptId && r.name.trim().toLowerCase() === name.trim().toLowerCase()))
    throw nameTaken();
}

export async function createCategory(db: DbOrTx, actor: Actor, input: CategoryInput): Promise<string> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const values = {
      name: input.name,
      description: input.description || null,
      slug: await uniqueSlug(tx, input.name),
    };
    return insertRow(tx, categoryList, actor, values, nameTaken);
  });
}

export async function updateCategory(db: DbOrTx, actor: Actor, input: UpdateCategoryInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(serviceCategories)
      .where(eq(serviceCategories.id, input.id))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND");
    await assertNameFree(tx, input.name, input.id);
    await tx
      .update(serviceCategories)
      .set({ name: input.name, description: input.description || null })
      .where(eq(serviceCategories.id, input.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "service_category.updated",
      entity: "service_category",
      entityId: input.id,
      summary: {
        from: { name: before.name, description: before.description },
        to: { name: input.name, description: input.description },
      },
    });
  });
}

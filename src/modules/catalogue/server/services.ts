import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, max, ne } from "drizzle-orm";
import { writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { addonCategories, bookingItems, serviceCategories, services, uploads } from "@/server/db/schema";
import { AppError, SQLSTATE, sqlState } from "@/server/errors";
import { processUploadedImage } from "@/server/images";
import { logger } from "@/server/logger";
import type { FileStorage } from "@/server/storage";
import { slugify, type ServiceInput, type UpdateServiceInput } from "../schemas";
import { type Actor, countWhere, plural } from "./ordered-list";

// Services: create, edit, activate/deactivate, delete (only when no booking uses it) and the photo.
// Every write is one transaction with its audit row.

const slugTaken = (other: string) =>
  new AppError("VALIDATION", undefined, { slug: [`This web address is already used by “${other}”.`] });

async function slugOwner(tx: Tx, slug: string, exceptId?: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: services.name })
    .from(services)
    .where(exceptId ? and(eq(services.slug, slug), ne(services.id, exceptId)) : eq(services.slug, slug));
  return row?.name ?? null;
}

/** The slug the admin typed (must be free), or one generated from the name (made free with -2, -3…). */
async function chooseSlug(tx: Tx, input: ServiceInput, exceptId?: string): Promise<string> {
  if (input.slug) {
    const owner = await slugOwner(tx, input.slug, exceptId);
    if (owner) throw slugTaken(owner);
    return input.slug;
  }
  const base = slugify(input.name) || "service";
  for (let i = 1; i < 100; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!(await slugOwner(tx, slug, exceptId))) return slug;
  }
  throw new AppError("CONFLICT");
}

async function assertCategories(tx: Tx, input: ServiceInput): Promise<string[]> {
  const wanted = [input.categoryId, ...input.addonCategoryIds];
  const found = await tx
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(inArray(serviceCategories.id, wanted));
  const ids = new Set(found.map((r) => r.id));
  if (!ids.has(input.categoryId))
    throw new AppError("VALIDATION", undefined, { categoryId: ["Choose a category."] });
  if (input.addonCategoryIds.some((id) => !ids.has(id)))
    throw new AppError("VALIDATION", undefined, {
      addonCategoryIds: ["One of these categories no longer exists. Reload the page."],
    });
  // Packages have no "applies to"; an add-on with none ticked goes with every category.
  return input.kind === "addon" ? [...new Set(input.addonCategoryIds)] : [];
}

async function endOfCategory(tx: Tx, categoryId: string): Promise<number> {
  const [row] = await tx
    .select({ max: max(services.sortOrder) })
    .from(services)
    .where(eq(services.categoryId, categoryId));
  return Number(row?.max ?? 0) + 1;
}

function fields(input: ServiceInput) {
  return {
    name: input.name,
    categoryId: input.categoryId,
    kind: input.kind,
    shortDescription: input.shortDescription,
    longDescription: input.longDescription,
    isActive: input.isActive,
    spansBreaks: input.spansBreaks,
    multiDayMode: input.multiDayMode,
    maintenanceIntervalMonths: input.maintenanceIntervalMonths,
  };
}

function rethrowSlugClash(err: unknown, slug: string): never {
  if (sqlState(err) === SQLSTATE.uniqueViolation) throw slugTaken(slug);
  throw err;
}

export async function createService(db: DbOrTx, actor: Actor, input: ServiceInput): Promise<string> {
  return db.transaction(async (tx) => {
    const appliesTo = await assertCategories(tx, input);
    const slug = await chooseSlug(tx, input);
    const sortOrder = input.sortOrder ?? (await endOfCategory(tx, input.categoryId));
    const [row] = await tx
      .insert(services)
      .values({ ...fields(input), slug, sortOrder })
      .returning({ id: services.id })
      .catch((err: unknown) => rethrowSlugClash(err, slug));
    if (!row) throw new Error("insert returned nothing");
    if (appliesTo.length)
      await tx
        .insert(addonCategories)
        .values(appliesTo.map((categoryId) => ({ addonId: row.id, categoryId })));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "service.created",
      entity: "service",
      entityId: row.id,
      summary: { name: input.name, slug, kind: input.kind },
    });
    return row.id;
  });
}

async function lockService(tx: Tx, id: string) {
  const [row] = await tx.select().from(services).where(eq(services.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

export async function updateService(db: DbOrTx, actor: Actor, input: UpdateServiceInput): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockService(tx, input.id);
    const appliesTo = await assertCategories(tx, input);
    // Editing keeps the address unless the admin changes it: links customers saved keep working.
    const slug = input.slug || before.slug;
    const owner = await slugOwner(tx, slug, input.id);
    if (owner) throw slugTaken(owner);
    const sortOrder =
      input.sortOrder ??
      (before.categoryId === input.categoryId ? before.sortOrder : await endOfCategory(tx, input.categoryId));
    await tx
      .update(services)
      .set({ ...fields(input), slug, sortOrder })
      .where(eq(services.id, input.id))
      .catch((err: unknown) => rethrowSlugClash(err, slug));
    await tx.delete(addonCategories).where(eq(addonCategories.addonId, input.id));
    if (appliesTo.length)
      await tx
        .insert(addonCategories)
        .values(appliesTo.map((categoryId) => ({ addonId: input.id, categoryId })));
    const changed = Object.fromEntries(
      Object.entries({ ...fields(input), slug, sortOrder }).filter(
        ([k, v]) => before[k as keyof typeof before] !== v,
      ),
    );
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "service.updated",
      entity: "service",
      entityId: input.id,
      summary: { name: input.name, changed: Object.keys(changed), appliesTo: appliesTo.length },
    });
  });
}

export async function setServiceActive(
  db: DbOrTx,
  actor: Actor,
  input: { id: string; isActive: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockService(tx, input.id);
    await tx.update(services).set({ isActive: input.isActive }).where(eq(services.id, input.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: input.isActive ? "service.activated" : "service.deactivated",
      entity: "service",
      entityId: input.id,
      summary: { name: row.name },
    });
  });
}

/** Deletes a service no booking has used (its prices go with it); otherwise says to deactivate it. */
export async function deleteService(
  db: DbOrTx,
  storage: FileStorage,
  actor: Actor,
  input: { id: string },
): Promise<void> {
  const imageKey = await db.transaction(async (tx) => {
    const row = await lockService(tx, input.id);
    const used = await countWhere(tx, bookingItems, bookingItems.serviceId, input.id);
    if (used > 0)
      throw new AppError(
        "CONFLICT",
        `${row.name} can't be deleted: ${plural(used, "booking uses", "bookings use")} it. Deactivate it instead — it stays on those bookings and disappears from the booking pages.`,
      );
    let key: string | null = null;
    if (row.imageUploadId) {
      const [upload] = await tx.delete(uploads).where(eq(uploads.id, row.imageUploadId)).returning();
      key = upload?.key ?? null;
    }
    await tx.delete(services).where(eq(services.id, input.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "service.deleted",
      entity: "service",
      entityId: input.id,
      summary: { name: row.name, slug: row.slug },
    });
    return key;
  });
  if (imageKey) await removeFile(storage, imageKey);
}

/** A stored illustration, not yet attached to a service. */
export type StoredIllustration = { uploadId: string; key: string; sizeBytes: number };

const UNSAFE_SVG =
  /<script|<foreignObject|\son[a-z]+\s*=|javascript:|<!ENTITY|xlink:href\s*=\s*["'](?!#)|\shref\s*=\s*["'](?!#)/i;

/**
 * Stores an illustration made for the product (an SVG committed with it, as the demo's services have) the
 * way an uploaded photo is stored. Uploads are re-encoded as WebP (processUploadedImage refuses SVG, which
 * can carry script); these files are ours, and are still checked to be plain, self-contained drawings.
 */
export async function storeServiceIllustration(
  storage: FileStorage,
  svg: Buffer,
): Promise<StoredIllustration> {
  const text = svg.toString("utf8");
  if (!/^<svg[\s>]/.test(text.trimStart()) || UNSAFE_SVG.test(text))
    throw new Error("an illustration must be a self-contained SVG without scripts or links");
  const uploadId = randomUUID();
  const key = `services/${uploadId}.svg`;
  await storage.put(key, svg);
  return { uploadId, key, sizeBytes: svg.byteLength };
}

/** Makes a stored illustration the service's picture (a service without one only: the seed's first run). */
export async function attachServiceIllustration(
  tx: Tx,
  serviceId: string,
  image: StoredIllustration,
): Promise<void> {
  await tx.insert(uploads).values({
    id: image.uploadId,
    ownerId: null,
    purpose: "service_image",
    key: image.key,
    contentType: "image/svg+xml",
    sizeBytes: image.sizeBytes,
  });
  await tx.update(services).set({ imageUploadId: image.uploadId }).where(eq(services.id, serviceId));
}

async function removeFile(storage: FileStorage, key: string): Promise<void> {
  // The row is gone already; a file left behind is harmless and logged rather than failing the request.
  await storage
    .delete(key)
    .catch((err: unknown) => logger.warn({ err, key }, "could not delete stored file"));
}

/**
 * Replaces the service's photo: the upload is checked and re-encoded first, stored under a new key, then
 * linked in one transaction; the old file is removed after the commit. If the transaction fails, the new
 * file is removed, so storage and database never disagree for long.
 */
export async function setServiceImage(
  db: DbOrTx,
  storage: FileStorage,
  actor: Actor,
  input: { id: string; file: Buffer },
): Promise<{ uploadId: string }> {
  const image = await processUploadedImage(input.file);
  const uploadId = randomUUID();
  const key = `services/${uploadId}.webp`;
  await storage.put(key, image.data);
  try {
    const oldKey = await db.transaction(async (tx) => {
      const row = await lockService(tx, input.id);
      await tx.insert(uploads).values({
        id: uploadId,
        ownerId: actor.id,
        purpose: "service_image",
        key,
        contentType: image.contentType,
        sizeBytes: image.data.byteLength,
      });
      await tx.update(services).set({ imageUploadId: uploadId }).where(eq(services.id, input.id));
      let previous: string | null = null;
      if (row.imageUploadId) {
        const [old] = await tx.delete(uploads).where(eq(uploads.id, row.imageUploadId)).returning();
        previous = old?.key ?? null;
      }
      await writeAudit(tx, {
        actorId: actor.id,
        ip: actor.ip,
        action: "service.image_set",
        entity: "service",
        entityId: input.id,
        summary: { name: row.name, width: image.width, height: image.height, bytes: image.data.byteLength },
      });
      return previous;
    });
    if (oldKey) await removeFile(storage, oldKey);
    return { uploadId };
  } catch (err) {
    await removeFile(storage, key);
    throw err;
  }
}

export async function removeServiceImage(
  db: DbOrTx,
  storage: FileStorage,
  actor: Actor,
  input: { id: string },
): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const row = await lockService(tx, input.id);
    if (!row.imageUploadId) return null;
    const [old] = await tx.delete(uploads).where(eq(uploads.id, row.imageUploadId)).returning();
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "service.image_removed",
      entity: "service",
      entityId: input.id,
      summary: { name: row.name },
    });
    return old?.key ?? null;
  });
  if (key) await removeFile(storage, key);
}

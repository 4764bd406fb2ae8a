"use client";

import { Fragment } from "react";
import type { MatrixService, PriceMatrix } from "../server/prices";
import { PriceCell, type PriceCellProps } from "./price-cell";
import { PlainTable } from "@/components/ui/data/table";

type CellPropsFor = (service: MatrixService, sizeId: string, sizeName: string) => PriceCellProps;

/** Every active service (rows, grouped by kind then category) × every vehicle size (columns). */
export function PriceGridTable({ matrix, cellProps }: { matrix: PriceMatrix; cellProps: CellPropsFor }) {
  const sections = (["package", "addon"] as const)
    .map((kind) => {
      const groups: { id: string; name: string; services: MatrixService[] }[] = [];
      for (const s of matrix.services.filter((x) => x.kind === kind)) {
        const last = groups.at(-1);
        if (last?.id === s.categoryId) last.services.push(s);
        else groups.push({ id: s.categoryId, name: s.categoryName, services: [s] });
      }
      return { kind, title: kind === "package" ? "Packages" : "Add-ons", groups };
    })
    .filter((sec) => sec.groups.length > 0);
  const colSpan = matrix.sizes.length + 1;

  return (
    <div className="max-h-[75vh] overflow-auto rounded-card border border-line bg-surface">
      <PlainTable
        caption="Price and minutes of every active service for every vehicle size"
        className="w-auto min-w-full border-separate border-spacing-0"
      >
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky top-0 left-0 z-20 border-r border-b border-line bg-surface px-3 py-2 text-left font-semibold"
            >
              Service
            </th>
            {matrix.sizes.map((size) => (
              <th
                key={size.id}
                scope="col"
                className="sticky top-0 z-10 border-b border-line bg-surface px-3 py-2 text-left font-semibold whitespace-nowrap"
              >
                {size.name}
              </th>
            ))}
          </tr>
        </thead>
        {sections.map((sec) => (
          <tbody key={sec.kind}>
            <tr>
              <th
                scope="colgroup"
                colSpan={colSpan}
                className="border-b border-line bg-canvas px-3 py-2 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase"
              >
                <span className="sticky left-3">{sec.title}</span>
              </th>
            </tr>
            {sec.groups.map((g) => (
              <Fragment key={g.id}>
                <tr>
                  <th
                    scope="colgroup"
                    colSpan={colSpan}
                    className="border-b border-line px-3 pt-3 pb-1 text-left font-semibold"
                  >
                    <span className="sticky left-3">{g.name}</span>
                  </th>
                </tr>
                {g.services.map((s) => (
                  <tr key={s.id}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 w-40 min-w-32 border-r border-b border-line bg-surface px-3 py-2 text-left align-top font-medium"
                    >
                      {s.name}
                      {!s.isActive && (
                        <span className="block text-xs font-normal text-ink-muted">Inactive</span>
                      )}
                    </th>
                    {matrix.sizes.map((size) => (
                      <PriceCell key={size.id} {...cellProps(s, size.id, size.name)} />
                    ))}
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        ))}
      </PlainTable>
    </div>
  );
}

/** One service's prices on its edit page: vehicle sizes as rows, inputs side by side. */
export function ServicePriceTable({
  matrix,
  service,
  cellProps,
}: {
  matrix: PriceMatrix;
  service: MatrixService;
  cellProps: CellPropsFor;
}) {
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface">
      <PlainTable
        caption={`Price and duration of ${service.name} for each vehicle size`}
        className="border-separate border-spacing-0"
      >
        <thead>
          <tr className="text-left">
            <th scope="col" className="border-b border-line px-3 py-2 font-semibold">
              Vehicle size
            </th>
            <th scope="col" className="border-b border-line px-3 py-2 font-semibold">
              Price and minutes
            </th>
          </tr>
        </thead>
        <tbody>
          {matrix.sizes.map((size) => (
            <tr key={size.id}>
              <th scope="row" className="border-b border-line px-3 py-2 text-left align-top font-medium">
                <span className="inline-flex min-h-11 items-center">{size.name}</span>
              </th>
              <PriceCell {...cellProps(service, size.id, size.name)} inline />
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </div>
  );
}

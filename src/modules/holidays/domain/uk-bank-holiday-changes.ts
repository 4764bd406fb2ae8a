// Written by `npm run holidays:refresh` (scripts/refresh-bank-holidays.ts) from GOV.UK's list: where the
// official bank holidays differ from the rules in ./holidays.ts. Don't edit by hand; refresh it.

export type RegionChanges = {
  /** Dates the rules give that the official list doesn't (a holiday moved away from them). */
  removed: string[];
  /** Official holidays the rules don't give (one-off days, a holiday's new date). */
  added: { date: string; name: string }[];
};

export type OfficialChanges = {
  source: string;
  /** When the list was last read (YYYY-MM-DD). */
  checkedOn: string;
  /** The years the list covered, each compared whole. */
  years: { from: number; to: number };
  regions: Record<"GB-ENG" | "GB-SCT" | "GB-NIR", RegionChanges>;
};

export const OFFICIAL_CHANGES: OfficialChanges = {
  source: "https://www.gov.uk/bank-holidays.json",
  checkedOn: "2026-11-29",
  years: { from: 2018, to: 2027 },
  regions: {
    "GB-ENG": {
      removed: ["2020-05-04", "2022-05-30"],
      added: [
        { date: "2020-05-08", name: "Early May bank holiday (VE day)" },
        { date: "2022-06-02", name: "Spring bank holiday" },
        { date: "2022-06-03", name: "Platinum Jubilee bank holiday" },
        { date: "2022-09-19", name: "Bank Holiday for the State Funeral of Queen Elizabeth II" },
        { date: "2023-05-08", name: "Bank holiday for the coronation of King Charles III" },
      ],
    },
    "GB-SCT": {
      removed: ["2020-05-04", "2022-05-30"],
      added: [
        { date: "2020-05-08", name: "Early May bank holiday (VE day)" },
        { date: "2022-06-02", name: "Spring bank holiday" },
        { date: "2022-06-03", name: "Platinum Jubilee bank holiday" },
        { date: "2022-09-19", name: "Bank Holiday for the State Funeral of Queen Elizabeth II" },
        { date: "2023-05-08", name: "Bank holiday for the coronation of King Charles III" },
      ],
    },
    "GB-NIR": {
      removed: ["2020-05-04", "2022-05-30"],
      added: [
        { date: "2020-05-08", name: "Early May bank holiday (VE day)" },
        { date: "2022-06-02", name: "Spring bank holiday" },
        { date: "2022-06-03", name: "Platinum Jubilee bank holiday" },
        { date: "2022-09-19", name: "Bank Holiday for the State Funeral of Queen Elizabeth II" },
        { date: "2023-05-08", name: "Bank holiday for the coronation of King Charles III" },
      ],
    },
  },
};

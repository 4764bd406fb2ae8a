// `npm run holidays:refresh`: reads GOV.UK's bank holidays (or `-- --file list.json`, a saved copy of
// https://www.gov.uk/bank-holidays.json) and rewrites src/modules/holidays/domain/uk-bank-holiday-changes.ts
// with where they differ from the rules (ADR 0055). Next year's ordinary holidays need no refresh: the
// rules give them. Run it when a one-off bank holiday is announced, and commit the file.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import prettier from "prettier";
import { type GovUkBankHolidays, officialChangesOf } from "@/modules/holidays/domain/official-holidays";

const SOURCE = "https://www.gov.uk/bank-holidays.json";
const target = path.resolve(import.meta.dirname, "../src/modules/holidays/domain/uk-bank-holiday-changes.ts");

const { values } = parseArgs({ options: { file: { type: "string" }, today: { type: "string" } } });
const list = (
  values.file
    ? JSON.parse(fs.readFileSync(values.file, "utf8"))
    : await fetch(SOURCE).then((r) => {
        if (!r.ok) throw new Error(`${SOURCE} answered ${r.status}`);
        return r.json();
      })
) as GovUkBankHolidays;

const changes = officialChangesOf(list);
const checkedOn = values.today ?? new Date().toISOString().slice(0, 10);
const header = fs.readFileSync(target, "utf8").split("export const OFFICIAL_CHANGES")[0];
const text = `${header}export const OFFICIAL_CHANGES: OfficialChanges = ${JSON.stringify({
  source: SOURCE,
  checkedOn,
  ...changes,
})};\n`;
fs.writeFileSync(
  target,
  await prettier.format(text, { ...(await prettier.resolveConfig(target)), filepath: target }),
);
for (const [region, c] of Object.entries(changes.regions))
  console.log(
    `${region}: ${c.removed.length} moved away, ${c.added.length} added (${changes.years.from}–${changes.years.to})`,
  );

import type { Rule } from "eslint";

export function readTableOwners(dir?: string): Map<string, string[] | null>;
export function areaOf(filename: string): string | null;
export const moduleBoundaries: Rule.RuleModule;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;

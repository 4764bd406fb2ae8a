import type { EmailContext, RenderedEmail } from "./layout";
import { renderSystemTest, type SystemTestData } from "./system-test";

/** Every template the outbox can render, with the data it needs. Add new templates here. */
export type TemplateDataMap = {
  "system-test": SystemTestData;
};

export type TemplateName = keyof TemplateDataMap;

const renderers: { [K in TemplateName]: (data: TemplateDataMap[K], ctx: EmailContext) => RenderedEmail } = {
  "system-test": renderSystemTest,
};

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(renderers, name);
}

export function renderTemplate<K extends TemplateName>(
  name: K,
  data: TemplateDataMap[K],
  ctx: EmailContext,
): RenderedEmail {
  return renderers[name](data, ctx);
}

export type { EmailContext, RenderedEmail };

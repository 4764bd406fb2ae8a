// One package per element (not @react-email/components, which brings a code highlighter, Markdown, a
// Tailwind compiler and 20 packages this layout never uses — ADR 0048).
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row as EmailRow } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { render } from "@react-email/render";
import type { CSSProperties, ReactNode } from "react";
import type { Block, EmailContent, EmailContext, RenderedEmail, Row } from "./layout";

// The one layout of every email (the business's name on top, the content, then how to reach the business
// and why this email came), rendered with React Email: table-based markup with inline styles that holds
// up in Gmail, Outlook and Apple Mail, and a plain-text part built from the same blocks.

const INK = "#0f172a";
const MUTED = "#475569";
const BRAND = "#0f766e";
const RULE = "#e2e8f0";
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const s = {
  body: { margin: 0, backgroundColor: "#f8fafc", fontFamily: FONT, color: INK },
  card: {
    maxWidth: "560px",
    margin: "24px auto",
    backgroundColor: "#ffffff",
    border: `1px solid ${RULE}`,
    borderRadius: "12px",
  },
  header: { padding: "20px 24px", borderBottom: `1px solid ${RULE}` },
  brand: { margin: 0, fontSize: "17px", fontWeight: 700, color: BRAND },
  content: { padding: "8px 24px 16px" },
  p: { fontSize: "15px", lineHeight: "24px", margin: "16px 0", color: INK },
  small: { fontSize: "13px", lineHeight: "20px", margin: "12px 0", color: MUTED },
  button: {
    display: "inline-block",
    backgroundColor: BRAND,
    color: "#ffffff",
    fontSize: "15px",
    fontWeight: 600,
    textDecoration: "none",
    padding: "12px 20px",
    borderRadius: "8px",
  },
  label: {
    fontSize: "14px",
    lineHeight: "22px",
    color: MUTED,
    padding: "4px 12px 4px 0",
    verticalAlign: "top",
  },
  value: { fontSize: "14px", lineHeight: "22px", color: INK, padding: "4px 0", verticalAlign: "top" },
  box: {
    border: `1px solid ${RULE}`,
    borderRadius: "8px",
    padding: "4px 16px",
    margin: "20px 0",
    backgroundColor: "#f8fafc",
  },
  boxTitle: { fontSize: "15px", fontWeight: 700, margin: "12px 0 4px", color: INK },
  footer: { padding: "16px 24px", borderTop: `1px solid ${RULE}` },
  link: { color: BRAND, wordBreak: "break-all" },
} satisfies Record<string, CSSProperties>;

function Rows({ rows, lines }: { rows: Row[]; lines?: boolean }) {
  return (
    <Section style={{ margin: "12px 0" }}>
      {rows.map((r, i) => {
        const ruled = lines && r.strong && !rows[i - 1]?.strong;
        const top = ruled ? { borderTop: `1px solid ${RULE}`, paddingTop: "8px" } : {};
        const weight = r.strong ? { fontWeight: 700, color: INK } : {};
        return (
          <EmailRow key={i}>
            <Column style={{ ...s.label, ...(lines ? { color: INK } : { width: "38%" }), ...top, ...weight }}>
              {r.label}
            </Column>
            <Column align={lines ? "right" : "left"} style={{ ...s.value, ...top, ...weight }}>
              {r.value}
            </Column>
          </EmailRow>
        );
      })}
    </Section>
  );
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.kind) {
    case "p":
      return <Text style={block.muted ? s.small : s.p}>{block.text}</Text>;
    case "button":
      return (
        <Section style={{ margin: "24px 0" }}>
          <Button href={block.url} style={s.button}>
            {block.label}
          </Button>
          {block.showUrl && (
            <Text style={s.small}>
              Or paste this link into your browser:{" "}
              <Link href={block.url} style={s.link}>
                {block.url}
              </Link>
            </Text>
          )}
        </Section>
      );
    case "rows":
      return <Rows rows={block.rows} />;
    case "lines":
      return <Rows rows={block.rows} lines />;
    case "list":
      return (
        <ul style={{ margin: "8px 0 16px", paddingLeft: "20px" }}>
          {block.items.map((item, i) => (
            <li key={i} style={{ ...s.p, margin: "4px 0" }}>
              {item}
            </li>
          ))}
        </ul>
      );
    case "section":
      return (
        <Section style={s.box}>
          <Text style={s.boxTitle}>{block.title}</Text>
          {block.blocks.map((b, i) => (
            <BlockView key={i} block={b} />
          ))}
        </Section>
      );
  }
}

export function EmailDocument({ ctx, content }: { ctx: EmailContext; content: EmailContent }) {
  return (
    <Html lang="en">
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={s.body}>
        <Container style={s.card}>
          <Section style={s.header}>
            <Text style={s.brand}>{ctx.businessName}</Text>
          </Section>
          <Section style={s.content}>
            {content.blocks.map((b, i) => (
              <BlockView key={i} block={b} />
            ))}
          </Section>
          <Section style={s.footer}>
            <Text style={{ ...s.small, margin: "0 0 8px" }}>
              <strong>{ctx.businessName}</strong> ·{" "}
              <Link href={`mailto:${ctx.contactEmail}`} style={{ color: BRAND }}>
                {ctx.contactEmail}
              </Link>{" "}
              · {ctx.contactPhone}
            </Text>
            <Hr style={{ borderColor: RULE, margin: "8px 0" }} />
            <Text style={{ ...s.small, margin: "8px 0 0" }}>{content.why}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function rowsText(rows: Row[]): string[] {
  return rows.map((r) => `${r.label}: ${r.value}`);
}

/** The plain-text part: the same blocks, a blank line between them. */
export function blocksText(blocks: Block[]): string[] {
  const out: string[][] = blocks.map((b) => {
    switch (b.kind) {
      case "p":
        return [b.text];
      case "button":
        return [`${b.label}: ${b.url}`];
      case "rows":
      case "lines":
        return rowsText(b.rows);
      case "list":
        return b.items.map((i) => `- ${i}`);
      case "section":
        return [b.title.toUpperCase(), ...blocksText(b.blocks)];
    }
  });
  return out.flatMap((lines, i) => (i === 0 ? lines : ["", ...lines]));
}

export function contentText(ctx: EmailContext, content: EmailContent): string {
  return [
    ...blocksText(content.blocks),
    "",
    "--",
    ctx.businessName,
    `${ctx.contactEmail} · ${ctx.contactPhone}`,
    content.why,
    "",
  ].join("\n");
}

/** Renders an email's content in the shared layout: the HTML part and the text part. */
export async function compose(ctx: EmailContext, content: EmailContent): Promise<RenderedEmail> {
  const html = await render(<EmailDocument ctx={ctx} content={content} />);
  return { subject: content.subject, html, text: contentText(ctx, content) };
}

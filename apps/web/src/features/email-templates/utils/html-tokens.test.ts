import { describe, expect, it } from "vitest";
import { tokenizeHtml, type HtmlToken } from "./html-tokens";

const kinds = (tokens: HtmlToken[]) => tokens.filter((t) => t.kind !== "text").map((t) => `${t.kind}:${t.text}`);

describe("tokenizeHtml", () => {
  it("tells tags, attributes, values, placeholders, comments and entities apart", () => {
    const tokens = tokenizeHtml('<!-- topo --><p class="lead" data-x=1>Olá, {{customerFullName}}&nbsp;!</p><br/>');
    expect(kinds(tokens)).toEqual([
      "comment:<!-- topo -->",
      "punctuation:<",
      "tag:p",
      "attribute:class",
      "punctuation:=",
      'value:"lead"',
      "attribute:data-x",
      "punctuation:=",
      "value:1",
      "punctuation:>",
      "placeholder:{{customerFullName}}",
      "entity:&nbsp;",
      "punctuation:</",
      "tag:p",
      "punctuation:>",
      "punctuation:<",
      "tag:br",
      "punctuation:/>",
    ]);
  });

  it("finds placeholders inside attribute values and sections", () => {
    const tokens = tokenizeHtml('<a href="https://loja/{{orderNumber}}">{{#listItems}}<li>{{.}}</li>{{/listItems}}</a>');
    expect(kinds(tokens)).toContain('value:"https://loja/');
    expect(kinds(tokens)).toContain("placeholder:{{orderNumber}}");
    expect(kinds(tokens)).toContain("placeholder:{{#listItems}}");
    expect(kinds(tokens)).toContain("placeholder:{{.}}");
    expect(kinds(tokens)).toContain("placeholder:{{/listItems}}");
  });

  it.each([
    "",
    "texto simples",
    "a < b && c > d",
    "<p unterminated",
    '<p title="sem fim',
    "<!-- sem fim",
    "{{ aberto",
    "&amp &; &#x41;",
    "<div>\n\t<span>{{a}}</span>\n</div>\n",
  ])("gives the text back unchanged: %j", (source) => {
    expect(tokenizeHtml(source).map((t) => t.text).join("")).toBe(source);
  });
});

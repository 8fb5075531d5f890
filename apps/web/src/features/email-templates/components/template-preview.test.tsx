// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TemplatePreview } from "./template-preview";

afterEach(cleanup);

const company = { name: "Rede Exemplo", emailDomain: "rede.com.br" };

describe("TemplatePreview", () => {
  it("shows the e-mail in a sandboxed frame, with the record's values escaped", () => {
    render(
      <TemplatePreview
        template={{ description: "Pedido {{orderNumber}}", content: "<p>Olá, {{customerFullName}}! — {{companyName}}</p>" }}
        record={{ orderNumber: "1234567890123456", customerFullName: '<img src=x onerror="alert(1)">' }}
        company={company}
        timeZone="America/Sao_Paulo"
        title="Pré-visualização do e-mail"
        showSubject
      />,
    );
    const frame = screen.getByTitle("Pré-visualização do e-mail");
    expect(frame.tagName).toBe("IFRAME");
    // An empty sandbox: no scripts, no forms, no popups, a unique origin.
    expect(frame).toHaveAttribute("sandbox", "");
    const html = frame.getAttribute("srcdoc") ?? "";
    expect(html).toContain("<p>Olá, &lt;img src=x onerror=&quot;alert(1)&quot;&gt;! — Rede Exemplo</p>");
    expect(html).not.toContain("<img");
    expect(screen.getByTestId("preview-subject")).toHaveTextContent("Pedido 1234567890123456");
  });

  it("formats dates and repeats list sections as the server does", () => {
    render(
      <TemplatePreview
        template={{ description: "Lista", content: "<p>{{sendDate}}</p><ul>{{#listItems}}<li>{{.}}</li>{{/listItems}}</ul>" }}
        record={{ sendDate: "2026-03-14T12:30:00.000Z", listItems: ["A <b>", "B"] }}
        company={company}
        timeZone="America/Sao_Paulo"
        title="Pré-visualização"
      />,
    );
    const html = screen.getByTitle("Pré-visualização").getAttribute("srcdoc") ?? "";
    expect(html).toContain("<p>14/03/2026, 09:30:00</p>");
    expect(html).toContain("<ul><li>A &lt;b&gt;</li><li>B</li></ul>");
  });

  it("keeps a thumbnail out of the tab order and away from screen readers", () => {
    render(
      <TemplatePreview
        template={{ description: "x", content: "<p>x</p>" }}
        record={{}}
        company={company}
        timeZone="America/Sao_Paulo"
        title="Miniatura"
        decorative
      />,
    );
    const frame = document.querySelector("iframe")!;
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame).toHaveAttribute("tabindex", "-1");
    expect(frame).toHaveAttribute("aria-hidden", "true");
  });
});

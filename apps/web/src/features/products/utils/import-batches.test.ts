import { PRODUCT_IMPORT_MAX_ROWS, type ProductImportRow } from "@passo/domain";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { batchesOf, sendBatches, stopText, totalsText } from "./import-batches";

const rows = (count: number): ProductImportRow[] => Array.from({ length: count }, (_, i) => ({ line: i + 2, sku: `SKU${i}`, description: "TÊNIS" }));
const answer = (created: number, errors: { line: number; error: string }[] = []) => ({ created, updated: 1, unchanged: 2, errors });

describe("sending an import in batches", () => {
  it("cuts the rows in requests of at most 5,000", () => {
    expect(batchesOf(rows(12_001)).map((batch) => batch.length)).toEqual([PRODUCT_IMPORT_MAX_ROWS, PRODUCT_IMPORT_MAX_ROWS, 2_001]);
    expect(batchesOf([])).toEqual([]);
  });

  it("previews every batch, adding up the counts and gathering each bad row's message", async () => {
    const progress: string[] = [];
    const sent: number[] = [];
    const run = await sendBatches(
      rows(11_000),
      async (batch) => {
        sent.push(batch.length);
        return sent.length === 2 ? answer(10, [{ line: 5_003, error: "O código de barras 7891234567895 já pertence ao produto X1." }]) : answer(10);
      },
      (done, total) => progress.push(`${done}/${total}`),
      { stopOnErrors: false },
    );
    expect(sent).toEqual([5_000, 5_000, 1_000]);
    expect(progress).toEqual(["0/3", "1/3", "2/3", "3/3"]);
    expect(run).toEqual({
      created: 30,
      updated: 3,
      unchanged: 6,
      problemCount: 1,
      problems: [{ line: 5_003, error: "O código de barras 7891234567895 já pertence ao produto X1." }],
    });
  });

  it("stops the import at the batch refused, says which lines it held and what was written before it", async () => {
    let calls = 0;
    const run = await sendBatches(
      rows(16_000),
      async () => {
        calls += 1;
        if (calls === 3) throw new ApiError(400, "Nenhum produto foi gravado: corrija as linhas indicadas e envie de novo.", { errors: [{ line: 10_010, error: "Informe a descrição do produto." }] });
        return answer(5_000);
      },
      () => undefined,
      { stopOnErrors: true },
    );
    expect(calls).toBe(3);
    expect(run.created).toBe(10_000);
    expect(run.problems).toEqual([{ line: 10_010, error: "Informe a descrição do produto." }]);
    expect(run.stop).toEqual({ batch: 3, batches: 4, firstLine: 10_002, lastLine: 15_001, rowsBefore: 10_000, message: "" });
    expect(stopText(run.stop!)).toBe(
      "O lote 3 de 4 (linhas 10.002 a 15.001) foi recusado e não foi gravado. Os lotes 1 a 2, com 10.000 produtos, já foram gravados. Os lotes seguintes não foram enviados.",
    );
  });

  it("says plainly when nothing was written, and gives a lost connection's message", async () => {
    const run = await sendBatches(
      rows(3),
      async () => {
        throw new ApiError(0, "Não foi possível conectar ao servidor. Verifique a sua conexão.");
      },
      () => undefined,
      { stopOnErrors: true },
    );
    expect(stopText(run.stop!)).toBe(
      "O lote 1 de 1 (linhas 2 a 4) foi recusado e não foi gravado. Não foi possível conectar ao servidor. Verifique a sua conexão. Nenhum produto foi gravado.",
    );
  });

  it("words the final count", () => {
    expect(totalsText({ created: 1_200, updated: 1, unchanged: 0 })).toBe("1.200 produtos criados, 1 atualizado e 0 sem alteração");
  });
});

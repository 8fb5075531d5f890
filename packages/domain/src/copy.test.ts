import { describe, expect, it } from "vitest";
import { copyValue } from "./copy.js";

// An item line ends with the 6-character product code and 2 check characters.
const ITEM = "TENIS CASUAL COURO MASC PRETO 41 4829137A";

describe("the copy buttons", () => {
  it("copy the product code: the 6 characters ending 2 before the end", () => {
    expect(copyValue(ITEM, "code")).toBe("482913");
  });

  it("copy the code with its check characters: the last 8", () => {
    expect(copyValue(ITEM, "codeAll")).toBe("4829137A");
  });

  it("copy a phone as digits only", () => {
    expect(copyValue("(41) 99999-9999", "phone")).toBe("41999999999");
    expect(copyValue("(41)98765-4321", "phone")).toBe("41987654321");
  });

  it("copy any other text as it is", () => {
    expect(copyValue(ITEM)).toBe(ITEM);
    expect(copyValue("QB123456789BR", "text")).toBe("QB123456789BR");
  });

  it("copy what there is of a text shorter than a code", () => {
    expect(copyValue("ABC1234", "code")).toBe("ABC12");
    expect(copyValue("AB", "code")).toBe("");
    expect(copyValue("ABC", "codeAll")).toBe("ABC");
  });
});

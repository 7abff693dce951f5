// A small project whose tests pass, fail, throw, skip and wait as to-dos, nested in
// suites, so that node's test runner itself writes the JUnit XML the report tests read.
// Its failures are planted; none of it is collapse's own test.
import { describe, it, test } from "node:test";
import assert from "node:assert/strict";

describe("cart", () => {
  it("adds an item", () => {
    assert.equal(1 + 1, 2);
  });

  it("totals with tax", () => {
    const cart = { items: [{ sku: "A1", price: 10 }], tax: 0.2 };
    assert.deepEqual(cart, { items: [{ sku: "A1", price: 10 }], tax: 0.25 });
  });

  describe("discounts", () => {
    it("applies a coupon", () => {
      console.log("coupon SAVE10 applied");
      assert.ok(true);
    });
    it("rejects an expired coupon", { skip: "coupon service is down" }, () => {});
    it("stacks coupons", { todo: "not decided yet" }, () => {});
  });
});

test("checkout throws", () => {
  throw new TypeError("cannot read properties of undefined (reading 'total')");
});

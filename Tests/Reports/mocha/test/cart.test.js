// A cart's tests, with a failure, an error and a pending test planted, in nested
// describes: what Mocha's xunit reporter is run on in Tests/Browser.
const assert = require("assert");

function total(items, taxRate) {
  const sum = items.reduce((amount, item) => amount + item.price * item.quantity, 0);
  return Math.round(sum * (1 + taxRate) * 100) / 100;
}

describe("Cart", function () {
  it("adds an item", function () {
    assert.strictEqual(total([{ price: 10, quantity: 1 }], 0), 10);
  });

  describe("totals", function () {
    it("include tax", function () {
      assert.strictEqual(total([{ price: 10, quantity: 1 }], 0.2), 12.5, "total with tax");
    });

    it("round to cents", function () {
      assert.strictEqual(total([{ price: 0.333, quantity: 3 }], 0), 1);
    });
  });

  describe("checkout", function () {
    it("saves the order", function () {
      const order = undefined;
      order.save();
    });

    it("pays by card");
  });
});

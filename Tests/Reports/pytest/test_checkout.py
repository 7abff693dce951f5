# A small project whose tests pass, fail, error, skip, fail as expected and fail once then
# pass on a rerun, so that pytest itself writes the JUnit XML the report tests read
# (`make reports`). Its failures are planted; none of it is collapse's own test.
import os

import pytest


class TestCart:
    def test_adds_item(self):
        assert 1 + 1 == 2

    def test_total_includes_tax(self):
        cart = {"items": [{"sku": "A1", "price": 10}], "tax": 0.2, "currency": "EUR"}
        assert cart == {"items": [{"sku": "A1", "price": 10}], "tax": 0.25, "currency": "EUR"}


@pytest.fixture
def database():
    raise RuntimeError("database unreachable: connection refused on port 5432")


def test_saves_order(database):
    assert database


@pytest.mark.skip(reason="payment sandbox is down")
def test_pays():
    pass


@pytest.mark.xfail(reason="rounding bug #12")
def test_rounds_half_up():
    assert round(2.5) == 3


@pytest.mark.parametrize("quantity", [1, 2, -1])
def test_quantity(quantity, record_property):
    record_property("quantity", quantity)
    print(f"checking quantity {quantity}")
    assert quantity > 0, f"quantity must be positive, got {quantity}"


def test_stock_is_flaky():
    # Fails on its first run and passes on its rerun: REPORT_STATE is a folder that
    # starts empty for each report.
    marker = os.path.join(os.environ["REPORT_STATE"], "stock-tried")
    if not os.path.exists(marker):
        open(marker, "w").close()
        assert False, "stock service timed out"

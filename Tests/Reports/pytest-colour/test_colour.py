"""A test that prints in colour, as tools run under CI's FORCE_COLOR do, and then fails,
so that pytest writes its JUnit XML with the colours' escape sequences in the output.
Its failure is planted; none of it is collapse's own test."""


def test_migration_applies():
    print("\x1b[1mmigrating\x1b[0m orders table")
    print("\x1b[31mERROR\x1b[0m column \x1b[33mtotal\x1b[0m is missing")
    assert "total" in ["id", "sku"]

<?php
// A small project whose tests pass, fail, error, skip and run once per data set, so that
// PHPUnit itself writes the JUnit XML the report tests read. Its failures are planted;
// none of it is collapse's own test.

use PHPUnit\Framework\TestCase;

final class CartTest extends TestCase
{
    public function testAddsItem(): void
    {
        $this->assertSame(2, 1 + 1);
    }

    public function testTotalIncludesTax(): void
    {
        $cart = ['items' => [['sku' => 'A1', 'price' => 10]], 'tax' => 0.2];
        $this->assertEquals(['items' => [['sku' => 'A1', 'price' => 10]], 'tax' => 0.25], $cart);
    }

    public function testSavesOrder(): void
    {
        throw new RuntimeException('database unreachable: connection refused on port 5432');
    }

    public function testPays(): void
    {
        $this->markTestSkipped('payment sandbox is down');
    }

    /**
     * @dataProvider quantities
     */
    public function testQuantity(int $quantity): void
    {
        $this->assertGreaterThan(0, $quantity, "quantity must be positive, got $quantity");
    }

    public static function quantities(): array
    {
        return ['one' => [1], 'two' => [2], 'negative' => [-1]];
    }
}

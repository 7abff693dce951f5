<?php
// Planted: a test that marks itself incomplete, which PHPUnit reports as skipped, and one
// that passes with a warning, which PHPUnit counts as passed.

use PHPUnit\Framework\TestCase;

final class StockTest extends TestCase
{
    public function testCountsStock(): void
    {
        $this->assertCount(3, [1, 2, 3]);
    }

    public function testReservesStock(): void
    {
        $this->markTestIncomplete('reservations are not written yet');
    }

    public function testRestocks(): void
    {
        $this->addWarning('restocking is counted twice when a delivery is split');
        $this->assertSame(5, 2 + 3);
    }
}

// Planted: an error, thrown where no assertion is.
package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class OrderTest {
  @Test
  public void numbersOrders() {
    assertEquals("A-1", "A-" + 1);
  }

  @Test
  public void savesOrder() {
    throw new IllegalStateException("database unreachable: connection refused on port 5432");
  }
}

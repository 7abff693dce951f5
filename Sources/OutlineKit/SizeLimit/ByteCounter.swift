/// Counts what is written without keeping it.
final class ByteCounter {
  var count = 0
}

import Foundation
import Testing

/// The optimised command `make build` and `make install` make, as it starts.
@Suite("the release build")
struct ReleaseBuildTests {
  static let binary = packageRoot.appendingPathComponent(".build/release/collapse")

  /// Whether `make test` has made the release build, which it does before the tests.
  static var built: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

  /// Whether the toolchain's clang finds libstdc++.a, which the Makefile then links in.
  static var staticLibstdcxxFound: Bool {
    let clang = URL(fileURLWithPath: toolPath("swift") ?? "/opt/swift/usr/bin/swift")
      .resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("clang")
    guard let found = try? runTool(clang.path, ["-print-file-name=libstdc++.a"]) else {
      return false
    }
    let path = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
    return path.hasPrefix("/") && FileManager.default.fileExists(atPath: path)
  }

  @Test(
    "loads no libstdc++ and looks in no folder of its own for libraries, but links cmark-gfm",
    .needs("readelf"),
    .enabled(if: isCI || built, "the release build is made by `make test` before the tests")
  )
  func startsWithFewLibraries() throws {
    guard requireTool("readelf") else { return }
    let result = try runTool("readelf", ["--dynamic", "--wide", Self.binary.path])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n")
    let needed = lines.filter { $0.contains("(NEEDED)") }
      .compactMap { $0.split(separator: "[").last?.split(separator: "]").first }
      .map(String.init)
    // Loading libstdc++.so and binding its symbols took most of the start-up: it is linked
    // in wherever the toolchain finds its archive (the Makefile falls back to the shared
    // library where it does not), while the C libraries stay shared, to take the system's
    // fixes.
    if Self.staticLibstdcxxFound {
      #expect(!needed.contains { $0.hasPrefix("libstdc++") }, "\(needed)")
    }
    // GNU Source-highlight and Boost.Regex, C++ libraries, are linked in whatever becomes of
    // libstdc++: their shared libraries would load one of their own.
    #expect(!needed.contains { $0.hasPrefix("libsource-highlight") }, "\(needed)")
    #expect(!needed.contains { $0.hasPrefix("libboost") }, "\(needed)")
    #expect(needed.contains { $0.hasPrefix("libcmark-gfm.so") }, "\(needed)")
    #expect(needed.contains { $0.hasPrefix("libyajl.so") }, "\(needed)")
    #expect(!lines.contains { $0.contains("(RUNPATH)") || $0.contains("(RPATH)") }, "\(lines)")
    // And it runs.
    let version = try runTool(Self.binary.path, ["--version"])
    #expect(version.status == 0 && version.output.hasPrefix("collapse "), "\(version.errors)")
  }
}

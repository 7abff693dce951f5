// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "collapse",
  products: [
    .executable(name: "collapse", targets: ["collapse"]),
    .library(name: "OutlineKit", targets: ["OutlineKit"]),
  ],
  targets: [
    .systemLibrary(
      name: "CCmark",
      pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
    ),
    .systemLibrary(
      name: "CYajl",
      pkgConfig: "yajl",
      providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
    ),
    .systemLibrary(
      name: "CUtf8proc",
      pkgConfig: "libutf8proc",
      providers: [.apt(["libutf8proc-dev"]), .brew(["utf8proc"])]
    ),
    .systemLibrary(
      name: "CGumbo",
      pkgConfig: "gumbo",
      providers: [.apt(["libgumbo-dev"]), .brew(["gumbo-parser"])]
    ),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    .systemLibrary(
      name: "CYaml",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // libxml2, which collapse loads with dlopen the first time it reads XML, and never
    // links: the ICU it links would cost every run (Sources/CXml/include/xml_library.h).
    // Its headers are where Debian's libxml2-dev puts them, which the Makefile installs;
    // Swift sees only the loader's own header, which needs none of them.
    .target(
      name: "CXml",
      cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]
    ),
    .systemLibrary(
      name: "CPcre2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
    ),
    .systemLibrary(
      name: "CGetopt"
    ),
    // GNU Source-highlight, which marks a fragment's code with GitHub's classes, and the
    // Boost.Regex it runs on. Their archives are linked in: C++ libraries, they would load
    // a libstdc++.so of their own beside the one the release build links in (Makefile).
    // libstdc++ is named after them, for the linker to take what they need from its
    // archive, which comes before them on the command line.
    .target(
      name: "CHighlight",
      dependencies: ["CCmarkHighlight"],
      linkerSettings: [
        .linkedLibrary(":libsource-highlight.a"), .linkedLibrary(":libboost_regex.a"),
        .linkedLibrary("stdc++"),
      ]
    ),
    .target(
      name: "CCmarkGuard",
      dependencies: ["CCmark"]
    ),
    // The hook that writes a render's fenced code through a highlighter.
    .target(
      name: "CCmarkHighlight",
      dependencies: ["CCmark", "CCmarkGuard"]
    ),
    .target(
      name: "OutlineKit",
      dependencies: [
        "CCmark", "CCmarkGuard", "CCmarkHighlight", "CHighlight", "CGumbo", "CYajl", "CUtf8proc",
        "CZlib", "CPcre2", "CYaml", "CXml",
      ],
      // The page's script and style sheet, as bytes in the library: no file to find at
      // run time, and no Foundation to read one with.
      exclude: ["Page/eslintrc.json", "Page/phpcs.xml"],
      resources: [
        .embedInCode("Page/page.js"), .embedInCode("Page/page.css"),
        .embedInCode("Highlighting/colouring.js"),
      ]
    ),
    .executableTarget(
      name: "collapse",
      dependencies: ["OutlineKit", "CGetopt"]
    ),
    .target(
      name: "TestSupport",
      path: "Tests/TestSupport"
    ),
    .testTarget(
      name: "OutlineKitTests",
      dependencies: ["OutlineKit", "TestSupport"]
    ),
    .testTarget(
      name: "CollapseTests",
      dependencies: ["collapse", "OutlineKit", "TestSupport", "CZlib"]
    ),
  ]
)

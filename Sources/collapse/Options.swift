import CGetopt
import OutlineKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command line asks for.
struct Options: Equatable {
  /// When the text output is coloured, drawn or linked.
  enum When: String, CaseIterable {
    /// On a terminal (for colour, unless the environment asks for none; for hyperlinks,
    /// one known to open them).
    case auto
    case always
    case never
  }

  var from: InputFormat?
  var to = OutputFormat.text
  var selection = SelectionRequest()
  /// Lists of NAMEs given to `--only`: the sections to write, each with its subtree.
  var only: [String] = []
  /// How the output is written, which OutlineKit is handed.
  var output = OutputOptions()
  var color = When.auto
  /// When Markdown is drawn as it reads rather than shown as its source lines.
  var render = When.auto
  /// When links in drawn Markdown are OSC 8 hyperlinks.
  var hyperlinks = When.auto
  /// The width `--width` asks for: nil to ask the terminal, 0 for no limit.
  var width: Int?
  /// `--embed-resources`: local images go into the html as `data:` URLs.
  var embedResources = false
  /// Whether `--lazy` was given: it goes only with `-s`.
  var lazyGiven = false
  var titleKeys = TitleKeys.standard
  /// The `--title-key`s given, in order.
  var givenTitleKeys: [String] = []
  /// Whether `--to` was given: without it, `-s` means html.
  var toGiven = false
  /// Whether `--expand` was given, even with no NAMEs.
  var expandGiven = false
  /// The files to read, as the command line spells them (not necessarily UTF-8); empty or
  /// `-` for standard input.
  var files: [[UInt8]] = []
  /// Whether to show the outline in the terminal to fold by hand.
  var interactive = false
  /// `--output`: the file to write instead of standard output, replaced only by a run
  /// that succeeds; nil or `-` for standard output.
  var outputPath: String?
  var showHelp = false
  var showVersion = false
}

/// getopt_long keeps its state in globals, so one command line is parsed at a time.
private let getoptLock = Mutex(())

extension Options {
  /// Parses `arguments` (without the program name) the GNU way: `--opt=value`, `--opt
  /// value`, unambiguous prefixes of long options, bundled short flags, options after
  /// operands, and `--` to end options.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    try parse(bytes: arguments.map { Array($0.utf8) })
  }

  /// Parses arguments as the system passes them: bytes, so that a FILE whose name is not
  /// UTF-8 can still be opened.
  static func parse(bytes arguments: [[UInt8]]) throws(UsageError) -> Options {
    let parsed = getoptLock.withLock { _ in parseLocked(arguments) }
    return try parsed.get()
  }

  private static func parseLocked(_ arguments: [[UInt8]]) -> Result<Options, UsageError> {
    // getopt_long reads C strings; these copies are freed when parsing ends.
    let names = optionTable.map { strdup($0.long) }
    var argv: [UnsafeMutablePointer<CChar>?] = ([Array("collapse".utf8)] + arguments).map {
      strdup($0.map { CChar(bitPattern: $0) } + [0])
    }
    let argc = Int32(argv.count)
    argv.append(nil)
    defer {
      names.forEach { free($0) }
      argv.forEach { free($0) }
    }
    var longOptions = optionTable.enumerated().map { index, spec in
      option(
        name: names[index], has_arg: spec.value == nil ? no_argument : required_argument,
        flag: nil, val: code(for: index))
    }
    longOptions.append(option())
    var shortOptions = ":"
    for spec in optionTable {
      if let short = spec.short { shortOptions += String(short) + (spec.value == nil ? "" : ":") }
    }

    var options = Options()
    // getopt reorders argv; remember where each argument was, to say the command again.
    let original = argv
    var dropped: Set<UnsafeMutablePointer<CChar>> = []
    cgetopt_reset()
    while true {
      let code = getopt_long(argc, &argv, shortOptions, &longOptions, nil)
      if code == -1 { break }
      let offending = String(cString: argument(argv, at: Int(cgetopt_optind()) - 1))
      if code == Int32(UInt8(ascii: ":")) {
        return .failure(missingValue(offending: offending, short: cgetopt_optopt()))
      }
      if code == Int32(UInt8(ascii: "?")) {
        let index = Int(cgetopt_optind())
        let next = index < Int(argc) ? String(cString: argument(argv, at: index)) : nil
        return .failure(unknownOption(offending: offending, short: cgetopt_optopt(), next: next))
      }
      guard let spec = spec(for: code) else { continue }
      let value = cgetopt_optarg().map { String(cString: $0) } ?? ""
      if spec.leftOutToShowEverything {
        // The command that shows everything is this one without the option and its value.
        let last = argument(argv, at: Int(cgetopt_optind()) - 1)
        dropped.insert(last)
        if UnsafePointer(last) == cgetopt_optarg() {
          dropped.insert(argument(argv, at: Int(cgetopt_optind()) - 2))
        }
      }
      do {
        try spec.apply(&options, OptionValue(option: spec.long, text: value))
      } catch {
        return .failure(error)
      }
    }
    let first = Int(cgetopt_optind())
    options.files = (first..<Int(argc)).map { index in
      let file = argument(argv, at: index)
      return Array(UnsafeRawBufferPointer(start: file, count: strlen(file)))
    }
    do {
      try options.checkCombinations()
    } catch {
      return .failure(error)
    }
    options.output.fullCommand = original.dropLast().compactMap { argument in
      guard let argument, !dropped.contains(argument) else { return nil }
      return shellQuoted(
        String(
          decoding: UnsafeRawBufferPointer(start: argument, count: strlen(argument)), as: UTF8.self),
        visibly: true)
    }.joined(separator: " ")
    // Read from standard input, the command needs that input again.
    if options.files.isEmpty || options.files.contains(Array("-".utf8)) {
      options.output.fullCommand = "… | " + options.output.fullCommand
    }
    return .success(options)
  }

  /// The argument at `index` of `argv`, below `argc`: getopt_long only reorders them.
  private static func argument(
    _ argv: [UnsafeMutablePointer<CChar>?], at index: Int
  ) -> UnsafeMutablePointer<CChar> {
    guard let argument = argv[index] else {
      preconditionFailure("argv holds a copy of each argument below argc, and nil only at argc")
    }
    return argument
  }

  /// getopt's code for an option: its short letter, else a number past every letter.
  private static func code(for index: Int) -> Int32 {
    optionTable[index].shortCode ?? 256 + Int32(index)
  }

  private static func spec(for code: Int32) -> OptionSpec? {
    if code >= 256 { return optionTable[Int(code) - 256] }
    return optionTable.first { $0.shortCode == code }
  }

  /// Refuses options that would do nothing with the output asked for, rather than
  /// ignoring them; `-s` alone means HTML.
  private mutating func checkCombinations() throws(UsageError) {
    if interactive && (output.standalone || to != .text) {
      let other = output.standalone ? "--standalone" : "--to \(to.rawValue)"
      throw UsageError(
        description: "--interactive shows the text outline; it cannot be combined with \(other)")
    }
    if outputPath == "-" { outputPath = nil }
    if interactive && outputPath != nil {
      throw UsageError(
        description:
          "--interactive shows the outline in the terminal and prints its flags; it does not go with --output"
      )
    }
    if (output.standalone || embedResources) && !toGiven { to = .html }
    // `-e "$NAMES"` with no NAMEs still means exactly those sections open: none.
    if expandGiven && !selection.expandsSome && selection.base == .automatic {
      selection.base = .nothing
    }
    if output.standalone && !to.makesPages {
      throw UsageError(
        description: "--standalone writes an html page; it does not go with -t \(to.rawValue)")
    }
    if output.title != nil && !output.standalone {
      throw UsageError(description: "--title names an html page; it goes with -s")
    }
    if output.document.loadsRemoteImages && !output.standalone {
      throw UsageError(
        description: "--remote-images lets an html page load images; it goes with -s")
    }
    if !output.document.highlightsCode && to != .html {
      throw UsageError(
        description: "--no-highlight leaves html code uncoloured; it goes with -t html or -s")
    }
    if lazyGiven && !output.standalone {
      throw UsageError(description: "--lazy says how an html page loads; it goes with -s")
    }
    if output.asksLazyPageCut {
      throw UsageError(
        description: "--lazy=always does not go with --max-bytes: a page cut to a size is whole")
    }
    if output.document.tableOfContents && !to.takesSizeLimit {
      throw UsageError(description: "--toc applies to html and markdown output")
    }
    if output.maxBytes != nil && !to.takesSizeLimit {
      throw UsageError(description: "--max-bytes applies to html and markdown output")
    }
    if output.document.sourceLinks != nil && !to.takesSizeLimit {
      throw UsageError(description: "--source-url applies to html and markdown output")
    }
    if embedResources && !to.makesPages {
      throw UsageError(
        description:
          "--embed-resources writes images into html output; it does not go with -t \(to.rawValue)")
    }
    if embedResources && output.document.unsafe {
      throw UsageError(
        description:
          "--embed-resources rewrites the images of sanitised HTML; --unsafe keeps the HTML exactly as written"
      )
    }
  }

  private static func missingValue(offending: String, short: Int32) -> UsageError {
    let long = offending.hasPrefix("--")
    // A long option given in full wins over the ones it is a prefix of (--title, --title-key).
    let given = offending.dropFirst(2)
    let spec =
      long
      ? optionTable.first { $0.long == given && $0.value != nil }
        ?? optionTable.first { $0.long.hasPrefix(given) && $0.value != nil }
      : optionTable.first { $0.shortCode == short }
    guard let spec, let value = spec.value else {
      return UsageError(description: "option '\(offending)' needs a value")
    }
    var name = "--\(spec.long)"
    if !long, let short = spec.short { name = "-\(short)" }
    return UsageError(description: "option '\(name)' needs a value (\(value))")
  }

  /// The usage error for an option getopt does not know, `offending` as given and `next`
  /// the argument after it, if any: what it takes a value from when it is another tool's
  /// spelling of one of collapse's options (`--format json`).
  private static func unknownOption(offending: String, short: Int32, next: String?) -> UsageError {
    let hint = "; see 'collapse --help'"
    if offending.hasPrefix("--") {
      let given = offending.dropFirst(2)
      let name = String(given.prefix(while: { $0 != "=" }))
      if let spec = optionTable.first(where: { $0.long == name }), spec.value == nil {
        return UsageError(description: "option '--\(name)' takes no value")
      }
      let prefixed = optionTable.filter { $0.long.hasPrefix(name) }
      if prefixed.count > 1 {
        let choices = prefixed.map { "--" + $0.long }.joined(separator: ", ")
        return UsageError(description: "option '--\(name)' is ambiguous; it could be \(choices)")
      }
      let value = given.contains("=") ? String(given.drop(while: { $0 != "=" }).dropFirst()) : next
      if let near = suggestion(for: name, value: value) {
        return UsageError(description: "unknown option '--\(name)'; did you mean\(near)")
      }
      return UsageError(description: "unknown option '--\(name)'" + hint)
    }
    let letter = short > 0 && short < 128 ? String(UnicodeScalar(UInt8(short))) : offending
    return UsageError(description: "unknown option '-\(letter)'" + hint)
  }
}

/// Other tools' names for collapse's options, with what collapse calls them; a value given
/// after the name goes after the suggestion.
let otherSpellings: [(names: [String], option: String, takesValue: Bool)] = [
  (["no-color", "no-colour", "nocolor"], "--color=never", false),
  (["format", "output-format", "to-format"], "--to", true),
  (["input-format", "from-format"], "--from", true),
  (["where", "filter", "select", "query", "jsonpath"], "--expand-where", true),
  (["grep", "match", "search"], "--expand-matching", true),
  (["level", "levels", "max-depth", "maxdepth"], "--depth", true),
  (["output-file", "outfile"], "--output", true),
  (["fold-all", "folded"], "--collapse-all", false),
  (["unfold-all", "open-all"], "--expand-all", false),
  (["columns", "cols"], "--width", true),
]

/// What an unknown long option `name` most likely meant, as a question's end: another
/// tool's spelling of an option first, written with `value` when it takes one (as a
/// command line to copy), then an option that holds `name` as a word (`--where`,
/// `--expand-where`), then one a few letters away.
private func suggestion(for name: String, value: String?) -> String? {
  let lowered = name.lowercased()
  if let other = otherSpellings.first(where: { $0.names.contains(lowered) }) {
    let short = optionTable.first { "--" + $0.long == other.option }?.short
    guard other.takesValue, let value, !value.hasPrefix("-") else {
      return " '\(other.option)'" + (short.map { " ('-\($0)')" } ?? "") + "?"
    }
    let quoted = shellQuoted(value)
    return ": \(other.option) \(quoted)" + (short.map { " (-\($0) \(quoted))" } ?? "")
  }
  // The first such, as the table lists them: --expand-matching before --collapse-matching.
  if let worded = optionTable.first(where: {
    $0.long.split(separator: "-").contains(Substring(lowered))
  }) {
    return " '--\(worded.long)'?"
  }
  return nearest(to: name, among: optionTable.map(\.long), within: max(2, name.count / 3))
    .map { " '--\($0)'?" }
}

/// `argument` as a shell reads it back: bare when that is safe, else in single quotes.
///
/// With `visibly`, an argument holding a control character (a file name with a line end
/// in it) is written `$'…'`, as bash, zsh and ksh read it, with the character escaped:
/// the command is shown on one line, which Markdown cannot break.
func shellQuoted(_ argument: String, visibly: Bool = false) -> String {
  let safe =
    !argument.isEmpty
    && argument.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "-_./=:,+@%".unicodeScalars.contains($0))
    }
  if safe { return argument }
  let isControl = { (scalar: Unicode.Scalar) in
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
  guard visibly, argument.unicodeScalars.contains(where: isControl) else {
    return "'" + argument.replacing("'", with: "'\\''") + "'"
  }
  var quoted = "$'"
  for scalar in argument.unicodeScalars {
    switch scalar {
    case "\\": quoted += "\\\\"
    case "'": quoted += "\\'"
    case "\n": quoted += "\\n"
    case "\t": quoted += "\\t"
    case "\r": quoted += "\\r"
    case "\u{1B}": quoted += "\\e"
    case _ where isControl(scalar):
      let hex = String(scalar.value, radix: 16, uppercase: true)
      quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: quoted.unicodeScalars.append(scalar)
    }
  }
  return quoted + "'"
}

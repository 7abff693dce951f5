import OutlineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command: reads the inputs, resolves the selection and writes the chosen output.
enum Collapse {
  /// Runs collapse with `arguments` (without the program name), reading `-` from the
  /// descriptor `standardInput` and writing to `output`, which is `terminal`.
  static func run<Output: ByteOutputStream, Errors: TextOutputStream>(
    _ arguments: [String], standardInput: Int32 = 0, terminal: OutputTerminal = .pipe,
    output: inout Output, errors: inout Errors
  ) -> ExitStatus {
    run(
      bytes: arguments.map { Array($0.utf8) }, standardInput: standardInput, terminal: terminal,
      output: &output, errors: &errors)
  }

  /// Runs collapse with arguments as the system passes them, as bytes. `keep` receives what
  /// was read once it is written, so that a caller about to exit can skip freeing it. A
  /// write that fails ends the run; `output` keeps why, for the caller to report.
  static func run<Output: ByteOutputStream, Errors: TextOutputStream>(
    bytes arguments: [[UInt8]], standardInput: Int32 = 0, terminal: OutputTerminal = .pipe,
    output: inout Output, errors: inout Errors, keep: (Any) -> Void = { _ in }
  ) -> ExitStatus {
    var options: Options
    do {
      options = try Options.parse(bytes: arguments)
    } catch {
      errors.report(error)
      return .usage
    }
    if options.showHelp {
      output.write(helpText())
      return .success
    }
    if options.showVersion {
      output.write("collapse \(version)\n\(LibraryVersions.description)\n")
      return .success
    }

    // The terminal comes first: there is no use reading a document without one.
    var screen: TerminalScreen? = nil
    if options.interactive {
      do {
        screen = try interactiveScreen(options: options, standardInput: standardInput)
      } catch {
        errors.report(error)
        return .usage
      }
    }

    // With no FILE and a terminal on standard input, collapse would wait for a document
    // typed by hand; what was meant is more likely a FILE or a pipe.
    if options.files.isEmpty && !options.interactive && isatty(standardInput) == 1 {
      errors.write(shortUsage)
      return .usage
    }

    guard let path = options.outputPath else {
      return render(
        options: &options, standardInput: standardInput, terminal: terminal, screen: screen,
        output: &output, errors: &errors, keep: keep)
    }
    // The file is opened before anything is read: there is no use reading without it.
    let file: ReplacedFile
    do {
      file = try ReplacedFile(path: path)
    } catch {
      errors.report(error)
      return .failure
    }
    var fileOutput = FileOutput(descriptor: file.descriptor)
    var status = render(
      options: &options, standardInput: standardInput,
      terminal: .output(descriptor: file.descriptor), screen: nil, output: &fileOutput,
      errors: &errors, keep: keep)
    var failure: WriteError? = nil
    do {
      try fileOutput.finish()
    } catch {
      failure = WriteError(code: error.code, path: path)
    }
    if failure == nil && status == .success {
      do {
        try file.replace()
      } catch {
        failure = error
      }
    } else {
      // A run that failed leaves the file as it was.
      file.discard()
    }
    if let failure { status = failure.status(after: status, errors: &errors) }
    return status
  }

  /// Reads the inputs and writes what they show to `output`, or folds them on `screen`.
  private static func render<Output: ByteOutputStream, Errors: TextOutputStream>(
    options: inout Options, standardInput: Int32, terminal: OutputTerminal,
    screen: TerminalScreen?, output: inout Output, errors: inout Errors, keep: (Any) -> Void
  ) -> ExitStatus {
    var status = ExitStatus.success
    let inputs = (options.files.isEmpty ? [Array("-".utf8)] : options.files).map {
      InputFile(
        path: $0, format: options.from, titleKeys: options.titleKeys,
        keepsValues: options.selection.readsValues, standardInput: standardInput)
    }
    var documents: [(name: String, outline: Outline)] = []
    // What the documents read so far will take to write, kept back from the next.
    var memoryToWrite = 0
    for var input in inputs {
      do {
        input.memoryKeptForOthers = memoryToWrite
        let outline = try input.read()
        memoryToWrite += outline.memoryToWrite
        documents.append((input.displayName, outline))
      } catch {
        errors.report(error)
        status = .failure
      }
    }
    if inputs.count == 1 && documents.isEmpty { return status }
    var outline = inputs.count == 1 ? documents[0].outline : Outline.combining(documents)
    defer { keep((outline, documents)) }
    // The /regex/ NAMEs of --only, --expand and --collapse share one budget of time.
    let patterns = PatternBudget()
    if !options.only.isEmpty {
      do {
        outline = try outline.extracting(options.only, patterns: patterns)
      } catch {
        for problem in error.errors { errors.report(problem) }
        return .usage
      }
    }

    let selection: Selection
    do {
      selection = try Selection(outline: outline, request: options.selection, patterns: patterns)
    } catch {
      for problem in error.errors { errors.report(problem) }
      return .usage
    }

    if let screen {
      let ended = Interactive.run(
        outline, selection: selection, options: options, screen: screen, output: &output,
        errors: &errors)
      return ended == .success
        ? reportStopped(documents, status: status, errors: &errors) : ended
    }

    options.output.text.colors = terminal.colors(options.color)
    options.output.text.renders = terminal.renders(options.render)
    options.output.text.hyperlinks = terminal.hyperlinks(options.hyperlinks)
    let asked = terminal.width(requested: options.width)
    options.output.text.width = asked
    if options.to == .text, let asked, asked > TextWriter.widestWidth {
      let source =
        options.width != nil ? "--width" : terminal.columns != nil ? "the terminal" : "COLUMNS"
      errors.report(
        "warning: \(source) asks for \(asked) columns; lines are fitted to at most \(TextWriter.widestWidth)"
      )
    }
    options.output.paths = inputs.map(\.pageName)
    if options.embedResources {
      // Relative images are read from the folder of the file naming them.
      let paths = documents.map { name, outline in (outline, name == "stdin" ? "" : name) }
      options.output.document.images = ImageEmbedder(
        outlines: paths, outputLimit: options.output.maxBytes)
    }
    let writer: any DocumentWriter
    do {
      writer = try options.to.makeWriter(
        for: outline, selection: selection, options: options.output)
    } catch {
      errors.report(error)
      return .failure
    }
    do {
      try writer.write(outline, selection: selection, to: &output)
    } catch {
      // The output keeps why, for the caller to report once it has flushed it.
      return status
    }
    // An image that could not be embedded keeps its source; the rest is whole.
    for warning in options.output.document.images?.warnings ?? [] {
      errors.report("warning: \(warning); its image is linked, not embedded")
    }
    // What could not be rendered is noted in the output and said here.
    for (name, document) in documents {
      for place in document.blocksLeftOutForSize {
        errors.report("\(name):\(OversizedBlock(place: place))")
        status = .failure
      }
      for error in document.rawHTMLErrors {
        errors.report("\(name):\(error)")
        status = .failure
      }
    }
    return reportStopped(documents, status: status, errors: &errors)
  }

  /// Says what stopped each stream of documents that was read only up to it, after what
  /// was read of it has been shown.
  private static func reportStopped<Errors: TextOutputStream>(
    _ documents: [(name: String, outline: Outline)], status: ExitStatus, errors: inout Errors
  ) -> ExitStatus {
    var status = status
    for (name, document) in documents {
      guard let error = document.stoppedBy else { continue }
      errors.report("\(name):\(error)")
      status = .failure
    }
    return status
  }

  /// The terminal for `--interactive`, unless the command line cannot work there: the
  /// document would come from the terminal itself, or the terminal cannot draw.
  private static func interactiveScreen(
    options: Options, standardInput: Int32
  ) throws(UsageError) -> TerminalScreen {
    if options.files.isEmpty || options.files.contains(Array("-".utf8)), isatty(standardInput) == 1
    {
      throw UsageError(
        description:
          "--interactive reads keys from the terminal; name a FILE or pipe the document in")
    }
    let screen = try TerminalScreen()
    if OutputTerminal.output(descriptor: screen.descriptor).environment["TERM"] == "dumb" {
      throw UsageError(description: "--interactive cannot draw on a dumb terminal (TERM=dumb)")
    }
    return screen
  }
}

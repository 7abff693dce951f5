import OutlineKit

/// The command: reads the inputs, resolves the selection and writes the chosen output.
enum Collapse {
  /// Runs collapse with `arguments` (without the program name), reading `-` from the
  /// descriptor `standardInput`.
  static func run<Output: ByteOutputStream, Errors: TextOutputStream>(
    _ arguments: [String], standardInput: Int32 = 0, output: inout Output, errors: inout Errors
  ) -> ExitStatus {
    run(
      bytes: arguments.map { Array($0.utf8) }, standardInput: standardInput, output: &output,
      errors: &errors)
  }

  /// Runs collapse with arguments as the system passes them, as bytes. `keep` receives what
  /// was read once it is written, so that a caller about to exit can skip freeing it.
  static func run<Output: ByteOutputStream, Errors: TextOutputStream>(
    bytes arguments: [[UInt8]], standardInput: Int32 = 0, output: inout Output,
    errors: inout Errors, keep: (Any) -> Void = { _ in }
  ) -> ExitStatus {
    let options: Options
    do {
      options = try Options.parse(bytes: arguments)
    } catch {
      errors.write("collapse: \(error)\n")
      return .usage
    }
    if options.showHelp {
      output.write(helpText())
      return .success
    }
    if options.showVersion {
      output.write("collapse \(version)\n")
      return .success
    }

    var status = ExitStatus.success
    let inputs = (options.files.isEmpty ? [Array("-".utf8)] : options.files).map {
      InputFile(path: $0, format: options.from, json: options.json, standardInput: standardInput)
    }
    var documents: [(name: String, outline: Outline)] = []
    for input in inputs {
      do {
        documents.append((input.displayName, try input.read()))
      } catch {
        errors.write("collapse: \(error)\n")
        status = .failure
      }
    }
    if inputs.count == 1 && documents.isEmpty { return status }
    let outline = inputs.count == 1 ? documents[0].outline : Outline.combining(documents)
    defer { keep((outline, documents)) }

    let selection: Selection
    do {
      selection = try Selection(outline: outline, request: options.selection)
    } catch {
      for problem in error.errors { errors.write("collapse: \(problem)\n") }
      return .usage
    }

    switch options.to {
    case .text:
      TextWriter(options: options.text).write(outline, selection: selection, to: &output)
    case .html where options.standalone:
      let fileName = inputs[0].displayName.split(separator: "/").last.map(String.init) ?? ""
      HTMLPage(title: options.title, fileName: fileName, writer: HTMLWriter(options: options.html))
        .write(outline, selection: selection, to: &output)
    case .html:
      HTMLWriter(options: options.html).write(outline, selection: selection, to: &output)
    case .markdown:
      MarkdownWriter(options: options.markdown).write(outline, selection: selection, to: &output)
    case .json:
      JSONWriter().write(outline, selection: selection, to: &output)
    }
    return status
  }
}
